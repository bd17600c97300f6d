// «Похожие товары»: the products the API found, best first, as a two-column card grid with the
// «Точное совпадение» badge on near-duplicates. A tap opens the product drawer.
import type { PhotoMatch } from '@shop/contract';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { useOpenProduct } from '../../../lib/product-link.ts';
import './photo-results.css';
import '../../../components/ui/card-grid.css';

export function PhotoResults({ items }: { items: PhotoMatch[] }) {
  const open = useOpenProduct();
  return (
    <ul className="card-grid" aria-label="Похожие товары">
      {items.map(({ product, exact }, i) => (
        <li key={product.id}>
          <button
            type="button"
            className="photo-result"
            data-product-id={product.id}
            onClick={() => open(product.id)}
          >
            <span className="photo-result__media">
              <ProductImage
                src={product.image_src}
                size={{ height: 350 }}
                alt={product.title}
                loading={i < 4 ? 'eager' : 'lazy'}
              />
              {exact && <span className="photo-result__badge">Точное совпадение</span>}
            </span>
            <span className="photo-result__price">
              {product.in_stock ? formatPrice(product.min_price || product.price) : 'Нет в наличии'}
            </span>
            {product.brand && <span className="photo-result__brand">{product.brand.name}</span>}
            <span className="photo-result__title">{product.title}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function PhotoResultsSkeleton() {
  return (
    <ul className="card-grid" aria-hidden="true">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="photo-result photo-result--skeleton">
          <span className="photo-result__media skeleton" />
          <span className="skeleton skeleton--line" style={{ width: '50%' }} />
          <span className="skeleton skeleton--line" style={{ width: '80%' }} />
        </li>
      ))}
    </ul>
  );
}
