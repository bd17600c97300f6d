// «Поиск на Poizon» (docs/product.md §14.2): search through the Poizon provider in the shop's
// two-column grid; empty and unavailable states; a tap opens the item card.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { hasErrorCode } from '../../../lib/error-message.ts';
import { formatPrice } from '../../../lib/price.ts';
import { poizonSearchQueryOptions } from '../api/poizon-search.ts';
import { PoizonItemDrawer } from './poizon-item-drawer.tsx';
import '../find.css';
import '../../../components/ui/card-grid.css';
import { paths } from '../../../lib/paths.ts';

export function PoizonSearchView() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [spuId, setSpuId] = useState<string | null>(null);
  const search = useInfiniteQuery(poizonSearchQueryOptions(q));
  const items = search.data?.pages.flatMap((p) => p.items) ?? [];
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !search.hasNextPage) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !search.isFetchingNextPage) void search.fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [search]);

  const submit = (value: string) => {
    const v = value.trim();
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (v) next.set('q', v);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  };

  const unavailable = hasErrorCode(search.error, 'service_unavailable');
  return (
    <div className="find-page">
      <SearchInput
        autoFocus={!q}
        value={text}
        onValueChange={setText}
        onSubmit={submit}
        onCancel={() => submit('')}
        enterKeyHint="search"
        placeholder="Поиск по Poizon: бренд, модель или артикул"
      />
      {!q ? (
        <p className="find-empty">
          Ищите по-английски или по-русски: «nike dunk», «кроссовки асикс», артикул DD1391-100.
        </p>
      ) : search.isPending ? (
        <ul className="card-grid" aria-label="Загрузка">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i}>
              <SkeletonBlock className="find-card__media" />
              <SkeletonBlock text style={{ width: '70%', marginTop: 8 }} />
            </li>
          ))}
        </ul>
      ) : unavailable ? (
        <div className="find-empty">
          <p>Поиск по Poizon сейчас недоступен — пришлите ссылку на товар</p>
          <Link className="find-link" to={paths.findPoizon}>
            К поиску по ссылке
          </Link>
        </div>
      ) : search.isError ? (
        <LoadError
          title="Не удалось выполнить поиск"
          onRetry={() => search.refetch()}
          retrying={search.isFetching}
        />
      ) : items.length === 0 ? (
        <p className="find-empty">На Poizon ничего не нашлось. Попробуйте английское название или артикул</p>
      ) : (
        <>
          <ul className="card-grid">
            {items.map((i) => (
              <li key={i.spu_id}>
                <button type="button" className="find-card" onClick={() => setSpuId(i.spu_id)}>
                  <span className="find-card__media">
                    <ProductImage src={i.image} size={{ width: 360 }} alt={i.title} loading="lazy" />
                    <span className="find-badge find-card__badge">Poizon</span>
                  </span>
                  <span className="find-card__price">от {formatPrice(i.price_from_rub)}</span>
                  <span className="find-card__brand">{i.brand}</span>
                  <span className="find-card__title">{i.title}</span>
                </button>
              </li>
            ))}
          </ul>
          <div ref={sentinel} className="find-grid__sentinel" />
          {search.isFetchingNextPage && (
            <Button variant="light-primary" size="medium" fullWidth loading>
              Загрузка
            </Button>
          )}
        </>
      )}
      <PoizonItemDrawer spuId={spuId} onClose={() => setSpuId(null)} />
    </div>
  );
}
