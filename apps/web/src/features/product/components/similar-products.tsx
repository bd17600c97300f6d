// "Похожие товары": a horizontal row of 162 px cards; a card without a price shows none (docs/product.md §3).
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { useOpenProduct } from '../../../lib/product-link.ts';
import { hasPrice, useSimilar } from '../api/get-similar.ts';

export const SIMILAR_CARD_PX = 162;

export function SimilarProducts({ productId }: { productId: number }) {
  const similar = useSimilar(productId);
  const openProduct = useOpenProduct();
  if (similar.isSuccess && similar.data.length === 0) return null;
  return (
    <section className="product-drawer__section similar" aria-label="Похожие товары">
      <h3 className="product-drawer__label">Похожие товары</h3>
      <ul className="similar__row">
        {similar.isPending &&
          Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="similar__card" aria-hidden="true">
              <div className="skeleton similar__image" />
            </li>
          ))}
        {similar.data?.map((p) => (
          <li key={p.product_id} className="similar__card">
            <button type="button" onClick={() => openProduct(p.product_id, { replace: true })}>
              <ProductImage
                className="similar__image"
                src={p.image_src}
                size={{ width: 324 }}
                alt=""
                loading="lazy"
              />
              {hasPrice(p.price) && <span className="similar__price">{formatPrice(p.price)}</span>}
              <span className="similar__title">{p.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
