// The description (plain text or safe HTML without pictures) and the characteristics list.
import type { Product } from '@shop/contract';
import { hasImage, SafeHtml } from '../safe-html.tsx';

export function ProductSpecs({ product }: { product: Product }) {
  const description = product.description.trim();
  const showDescription = description !== '' && !hasImage(description);
  return (
    <>
      {showDescription && (
        <section className="product-drawer__section product-drawer__description" aria-label="Описание">
          <h3 className="product-drawer__label">Описание</h3>
          <SafeHtml html={description} />
        </section>
      )}
      {product.characteristics.length > 0 && (
        <section className="product-drawer__section" aria-label="Характеристики">
          <h3 className="product-drawer__label">Характеристики</h3>
          <dl className="product-drawer__specs">
            {product.characteristics.map((c) => (
              <div key={c.key}>
                <dt>{c.key}</dt>
                <dd>{c.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </>
  );
}
