// The favourites page body: the shopper's favourites newest first, paged by cursor as the end of
// the list comes near, each removable; a tap opens the product drawer.
import type { Favorite } from '@shop/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { useOpenProduct } from '../../../lib/product-link.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useFavoritesInfinite } from '../api/get-favorites.ts';
import { useRemoveFavorite } from '../api/remove-favorite.ts';
import { useFavoriteDrawerStore } from '../favorite-drawer-store.ts';
import './favorites-list.css';
import '../../../components/ui/card-grid.css';
import { paths } from '../../../lib/paths.ts';

type Props = {
  /** How the chosen size reads («Черный · 42 EU»), from the variant the favourite carries. */
  renderSize?: (favorite: Favorite) => ReactNode;
};

export function FavoritesList({ renderSize }: Props) {
  const favorites = useFavoritesInfinite();
  const remove = useRemoveFavorite();
  const openProduct = useOpenProduct();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = favorites;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && !isFetchingNextPage && void fetchNextPage(),
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (favorites.isPending) {
    return (
      <div className="card-grid favorites-grid" role="status" aria-label="Загрузка">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="skeleton favorites-grid__skeleton" />
        ))}
      </div>
    );
  }
  if (favorites.isError) {
    return (
      <div className="empty-state" role="alert">
        <p className="empty-state__title">Не удалось загрузить избранное</p>
        <button type="button" className="link-button" onClick={() => void favorites.refetch()}>
          Повторить
        </button>
      </div>
    );
  }
  const items = favorites.data.pages.flatMap((p) => p.favoriteList);
  if (items.length === 0) {
    return (
      <div className="empty-state favorites-empty">
        <svg
          width="56"
          height="56"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.4"
          aria-hidden="true"
        >
          <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20Z" />
        </svg>
        <p className="empty-state__title">В избранном пока пусто</p>
        <p>Нажмите на сердечко на товаре, чтобы не потерять его</p>
        <Link className="link-button" to={paths.catalog()}>
          Перейти в каталог
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="card-grid favorites-grid" aria-label="Избранные товары">
        {items.map((f) => (
          <li key={f.id} className="favorite-item" data-product-id={f.product.id}>
            <button type="button" className="favorite-item__open" onClick={() => openProduct(f.product.id)}>
              <ProductImage
                className="favorite-item__image"
                src={f.product.image_src}
                size={{ height: 350 }}
                alt=""
                loading="lazy"
              />
              <span className="favorite-item__price">
                {f.product.in_stock ? formatPrice(f.product.min_price || f.product.price) : 'Нет в наличии'}
              </span>
              {f.product.brand && <span className="favorite-item__brand">{f.product.brand.name}</span>}
              <span className="favorite-item__title">{f.product.title}</span>
            </button>
            {renderSize && (
              <button
                type="button"
                className="favorite-item__size"
                onClick={() => {
                  haptic.selection();
                  useFavoriteDrawerStore.getState().open(f.product.id, f.variant_id);
                }}
              >
                {renderSize(f)}
              </button>
            )}
            <button
              type="button"
              className="favorite-item__remove"
              aria-label={`Удалить из избранного: ${f.product.title}`}
              onClick={() => {
                haptic.impact();
                remove.mutate(f.product.id);
              }}
            >
              <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20Z" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      {isFetchingNextPage && (
        <div className="skeleton favorites-grid__more" role="status" aria-label="Загрузка" />
      )}
      <div ref={sentinel} aria-hidden="true" style={{ height: 1 }} />
    </>
  );
}
