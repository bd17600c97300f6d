// A horizontal row of compact product cards (home: popular, new) with skeletons while loading.
import { CARD_IMAGE_HEIGHT, cardPicture, type ProductCard as Card } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { useProgressiveCount } from '../../../lib/use-progressive-count.ts';
import { productRowQueryOptions, type ProductListParams } from '../api/get-products.ts';
import { useOpenProduct } from '../../../lib/product-link.ts';
import './product-row.css';

type Props = {
  title: string;
  params: ProductListParams;
  /** Where «Все» leads. */
  moreHref?: string;
  renderHeart?: (product: Card) => ReactNode;
  eager?: boolean;
};

/** Cards drawn with the row's first render (a phone's width shows two and a half), then more per task. */
const FIRST_CARDS = 3;
const CARDS_PER_STEP = 1;

export function ProductRow({ title, params, moreHref, renderHeart, eager = false }: Props) {
  const row = useQuery(productRowQueryOptions(params));
  const open = useOpenProduct();
  const shown = useProgressiveCount(row.data?.length ?? 0, FIRST_CARDS, CARDS_PER_STEP);
  if (row.isSuccess && row.data.length === 0) return null;
  return (
    <section className="product-row" aria-label={title}>
      <div className="section-head">
        <h2 className="section-title">{title}</h2>
        {moreHref && (
          <Link className="section-more" to={moreHref}>
            Все
          </Link>
        )}
      </div>
      {row.isError && (
        <LoadError
          inline
          title="Не удалось загрузить товары"
          onRetry={row.refetch}
          retrying={row.isFetching}
        />
      )}
      <ul className="product-row__list">
        {row.isPending &&
          Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="product-row__card" aria-hidden="true">
              <div className="skeleton product-row__image" />
              <div className="skeleton skeleton--line" style={{ width: '60%', marginTop: 8 }} />
            </li>
          ))}
        {row.data?.slice(0, shown).map((p, i) => (
          <li key={p.id} className="product-row__card" data-product-id={p.id}>
            <button type="button" onClick={() => open(p.id)}>
              <ProductImage
                className="product-row__image"
                src={cardPicture(p)}
                size={{ height: CARD_IMAGE_HEIGHT }}
                alt=""
                loading={eager && i < 3 ? 'eager' : 'lazy'}
                fetchPriority={eager && i < 2 ? 'high' : undefined}
              />
              <span className="product-row__price">{formatPrice(p.min_price || p.price)}</span>
              {p.brand && <span className="product-row__brand">{p.brand.name}</span>}
              <span className="product-row__title">{p.title}</span>
            </button>
            {renderHeart && <div className="product-row__heart">{renderHeart(p)}</div>}
          </li>
        ))}
      </ul>
    </section>
  );
}
