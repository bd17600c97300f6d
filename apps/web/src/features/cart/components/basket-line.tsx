// One basket line: the checkbox choosing it, picture, brand, title, variant, price, the quantity
// stepper, «В избранное» and the bin. What the taps do is the basket's business (basket-view.tsx).
import { MAX_LINE_QTY } from '@shop/contract';
import { Link } from 'react-router';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { markProductTap, productHref } from '../../../lib/product-link.ts';
import { formatPrice } from '../../../lib/price.ts';
import { variantLabel } from '../../../lib/variant-label.ts';
import type { CartLine } from '../cart-lines.ts';

type Props = {
  line: CartLine;
  checked: boolean;
  onToggle: () => void;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  /** Absent: the page offers no favourites (the line has no «В избранное»). */
  onToFavorites?: () => void;
};

export function BasketLine({ line, checked, onToggle, onQuantity, onRemove, onToFavorites }: Props) {
  const { entry, variant } = line;
  const outOfStock = variant.qty <= 0;
  const label = variantLabel(variant);
  return (
    <li className={`basket-line${outOfStock ? ' basket-line--out' : ''}`} data-variant-id={variant.id}>
      <label className="basket-check basket-line__check">
        <input
          type="checkbox"
          checked={checked}
          disabled={outOfStock}
          aria-label={`Выбрать: ${entry.product.title}`}
          onChange={onToggle}
        />
        <span className="basket-check__box" aria-hidden="true" />
      </label>
      <Link
        to={productHref(entry.product_id)}
        onClick={markProductTap}
        className="product-thumb basket-line__image"
        aria-label={entry.product.title}
      >
        <ProductImage
          src={variant.image ?? entry.product.image_src}
          size={{ width: 200 }}
          alt={entry.product.title}
          loading="lazy"
        />
      </Link>
      <div className="basket-line__body">
        {entry.product.brand && <span className="basket-line__brand">{entry.product.brand.name}</span>}
        <span className="basket-line__title">{entry.product.title}</span>
        {label && <span className="basket-line__variant">{label}</span>}
        {outOfStock && <span className="basket-line__warning">Нет в наличии</span>}
        <div className="basket-line__footer">
          <span className="basket-line__price">{formatPrice(variant.price * variant.quantity)}</span>
          <Stepper
            title={entry.product.title}
            quantity={variant.quantity}
            max={Math.min(MAX_LINE_QTY, variant.qty)}
            onQuantity={onQuantity}
          />
        </div>
        {variant.quantity > 1 && <span className="basket-line__unit">{formatPrice(variant.price)} за шт.</span>}
        {onToFavorites && (
          <button
            type="button"
            className="basket-line__favorite"
            aria-label={`В избранное: ${entry.product.title}`}
            onClick={onToFavorites}
          >
            В избранное
          </button>
        )}
      </div>
      <button
        type="button"
        className="basket-line__remove"
        aria-label={`Удалить: ${entry.product.title}`}
        onClick={onRemove}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
        </svg>
      </button>
    </li>
  );
}

type StepperProps = { title: string; quantity: number; max: number; onQuantity: (quantity: number) => void };

function Stepper({ title, quantity, max, onQuantity }: StepperProps) {
  return (
    <div className="stepper" role="group" aria-label={`Количество: ${title}`}>
      <button
        type="button"
        className="stepper__button"
        aria-label="Уменьшить количество"
        onClick={() => onQuantity(quantity - 1)}
      >
        −
      </button>
      <output className="stepper__value" aria-live="polite">
        {quantity}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label="Увеличить количество"
        disabled={quantity >= max}
        onClick={() => onQuantity(quantity + 1)}
      >
        +
      </button>
    </div>
  );
}
