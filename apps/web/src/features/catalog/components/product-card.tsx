// A catalogue card (docs/product.md §5, §9): up to 5 pictures swipeable with embla at height 350, price,
// brand and title, and a heart slot the page fills. A tap opens the product drawer (`?id=`).
import { CARD_IMAGE_HEIGHT, cardPicture, type ProductCard as Card } from '@shop/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { useDeferredCarousel } from '../../../lib/use-deferred-carousel.ts';
import { useOpenProduct } from '../../../lib/product-link.ts';
import './product-card.css';

export const CARD_IMAGES = 5;
const CAROUSEL = { loop: false, dragFree: false } as const;

type Props = {
  product: Card;
  heart?: ReactNode;
  /** The first cards of a page load their first picture eagerly. */
  eager?: boolean;
};

export function ProductCard({ product, heart, eager = false }: Props) {
  const open = useOpenProduct();
  const images = product.images.slice(0, CARD_IMAGES);
  // The first is `cardPicture`, the picture the server preloads (decision 033).
  const sources = images.length > 0 ? images.map((i) => i.src) : [cardPicture(product)];
  // Built on the card's first touch, not with the list (lib/use-deferred-carousel.ts).
  const [emblaRef, embla] = useDeferredCarousel(CAROUSEL);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setIndex(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  const brand = product.brand?.name;
  const title = product.title;
  return (
    <article className="product-card" data-product-id={product.id}>
      <div className="product-card__media">
        <div className="product-card__viewport" ref={emblaRef}>
          <div className="product-card__track">
            {sources.map((src, i) => (
              <button
                key={`${src ?? 'none'}-${i}`}
                type="button"
                className="product-card__slide"
                aria-label={i === 0 ? title : `${title}, фото ${i + 1}`}
                tabIndex={i === 0 ? 0 : -1}
                onClick={() => open(product.id)}
              >
                <ProductImage
                  src={src}
                  size={{ height: CARD_IMAGE_HEIGHT }}
                  alt=""
                  loading={eager && i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={eager && i === 0 ? 'high' : undefined}
                />
              </button>
            ))}
          </div>
        </div>
        {sources.length > 1 && (
          <div className="product-card__dots" aria-hidden="true">
            {sources.map((_, i) => (
              <span key={i} className={i === index ? 'active' : undefined} />
            ))}
          </div>
        )}
        {heart && <div className="product-card__heart">{heart}</div>}
      </div>
      <button type="button" className="product-card__info" onClick={() => open(product.id)}>
        <span className="product-card__price">
          {product.in_stock ? formatPrice(product.min_price || product.price) : 'Нет в наличии'}
        </span>
        {brand && <span className="product-card__brand">{brand}</span>}
        <span className="product-card__title">{title}</span>
      </button>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <div className="product-card__media skeleton" />
      <div className="skeleton skeleton--line" style={{ width: '50%' }} />
      <div className="skeleton skeleton--line" style={{ width: '80%' }} />
    </div>
  );
}
