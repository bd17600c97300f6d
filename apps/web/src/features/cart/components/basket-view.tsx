// The basket: lines with picture, title, variant, price and a quantity stepper,
// removal after confirmation, checkboxes choosing the lines to order (all chosen by default, new
// lines too), the total of the choice and the button to order. The page decides where ordering
// leads (`onCheckout`).
import { MAX_LINE_QTY } from '@shop/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { notify } from '../../../components/ui/notify.ts';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { countRu } from '../../../lib/format.ts';
import { markProductTap, productHref } from '../../../lib/product-link.ts';
import { ITEM_FORMS } from '../../../lib/plural.ts';
import { formatPrice } from '../../../lib/price.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useCart } from '../api/get-cart.ts';
import { cartLines, linesTotal, type CartLine } from '../cart-lines.ts';
import { useRemoveCartLine } from '../api/remove-cart-line.ts';
import { useUpdateCartLine } from '../api/update-cart-line.ts';
import './basket-view.css';
import { variantLabel } from '../../../lib/variant-label.ts';

type Props = { onCheckout: (variantIds: number[]) => void };

export function BasketView({ onCheckout }: Props) {
  const cart = useCart();
  // Deselected ids, so that every line (also one added later) starts selected.
  const [deselected, setDeselected] = useState<ReadonlySet<number>>(new Set());
  const update = useUpdateCartLine();
  const remove = useRemoveCartLine();

  if (cart.isPending) return <BasketSkeleton />;
  if (cart.isError)
    return (
      <div className="basket-empty">
        <p className="basket-empty__title">Не удалось загрузить корзину</p>
        <button type="button" className="basket-empty__link" onClick={() => void cart.refetch()}>
          Повторить
        </button>
      </div>
    );

  const lines = cartLines(cart.data);
  if (lines.length === 0) return <BasketEmpty />;

  const selected = lines.filter((l) => !deselected.has(l.variant.id) && l.variant.qty > 0);
  const allSelected = selected.length === lines.filter((l) => l.variant.qty > 0).length;
  const { units, sum } = linesTotal(selected);

  const toggle = (id: number) => {
    haptic.selection();
    setDeselected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const askRemove = async ({ entry, variant }: CartLine) => {
    haptic.impact('medium');
    const yes = await confirm({
      title: 'Удалить товар из корзины?',
      message: `${entry.product.title}${variantLabel(variant) ? `, ${variantLabel(variant)}` : ''}`,
      confirmText: 'Удалить',
      cancelText: 'Отмена',
      destructive: true,
    });
    if (!yes) return;
    remove.mutate(variant.id, {
      onSuccess: () => notify.success('Товар удалён из корзины'),
    });
  };

  const setQuantity = (line: CartLine, quantity: number) => {
    if (quantity < 1) {
      void askRemove(line);
      return;
    }
    haptic.selection();
    update.mutate({ variantId: line.variant.id, quantity });
  };

  return (
    <div className="basket">
      <div className="basket__toolbar">
        <label className="basket-check">
          <input
            type="checkbox"
            checked={allSelected}
            onChange={() => {
              haptic.selection();
              setDeselected(allSelected ? new Set(lines.map((l) => l.variant.id)) : new Set());
            }}
          />
          <span className="basket-check__box" aria-hidden="true" />
          <span>Выбрать все</span>
        </label>
        <span className="basket__count">{countRu(lines.length, ITEM_FORMS)}</span>
      </div>

      <ul className="basket__lines" aria-label="Товары в корзине">
        {lines.map((line) => {
          const { entry, variant } = line;
          const outOfStock = variant.qty <= 0;
          const checked = !outOfStock && !deselected.has(variant.id);
          const label = variantLabel(variant);
          return (
            <li
              key={variant.id}
              className={`basket-line${outOfStock ? ' basket-line--out' : ''}`}
              data-variant-id={variant.id}
            >
              <label className="basket-check basket-line__check">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={outOfStock}
                  aria-label={`Выбрать: ${entry.product.title}`}
                  onChange={() => toggle(variant.id)}
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
                {entry.product.brand && (
                  <span className="basket-line__brand">{entry.product.brand.name}</span>
                )}
                <span className="basket-line__title">{entry.product.title}</span>
                {label && <span className="basket-line__variant">{label}</span>}
                {outOfStock && <span className="basket-line__warning">Нет в наличии</span>}
                <div className="basket-line__footer">
                  <span className="basket-line__price">{formatPrice(variant.price * variant.quantity)}</span>
                  <div className="stepper" role="group" aria-label={`Количество: ${entry.product.title}`}>
                    <button
                      type="button"
                      className="stepper__button"
                      aria-label="Уменьшить количество"
                      onClick={() => setQuantity(line, variant.quantity - 1)}
                    >
                      −
                    </button>
                    <output className="stepper__value" aria-live="polite">
                      {variant.quantity}
                    </output>
                    <button
                      type="button"
                      className="stepper__button"
                      aria-label="Увеличить количество"
                      disabled={variant.quantity >= Math.min(MAX_LINE_QTY, variant.qty)}
                      onClick={() => setQuantity(line, variant.quantity + 1)}
                    >
                      +
                    </button>
                  </div>
                </div>
                {variant.quantity > 1 && (
                  <span className="basket-line__unit">{formatPrice(variant.price)} за шт.</span>
                )}
              </div>
              <button
                type="button"
                className="basket-line__remove"
                aria-label={`Удалить: ${entry.product.title}`}
                onClick={() => void askRemove(line)}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
                </svg>
              </button>
            </li>
          );
        })}
      </ul>

      <div className="basket-checkout">
        <div className="basket-checkout__summary">
          <span className="basket-checkout__label">
            {selected.length > 0 ? `Итого, ${countRu(units, ITEM_FORMS)}` : 'Выберите товары'}
          </span>
          <span className="basket-checkout__sum" data-testid="basket-total">
            {formatPrice(sum)}
          </span>
        </div>
        <Button
          className="basket-checkout__button"
          disabled={selected.length === 0}
          onClick={() => {
            haptic.impact();
            onCheckout(selected.map((l) => l.variant.id));
          }}
        >
          Оформить заказ
        </Button>
      </div>
    </div>
  );
}

export function BasketEmpty() {
  return (
    <div className="basket-empty">
      <svg className="basket-empty__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 8h12l-1 12H7L6 8Z" />
        <path d="M9 8V6a3 3 0 0 1 6 0v2" />
      </svg>
      <p className="basket-empty__title">В корзине пока пусто</p>
      <p className="basket-empty__hint">Загляните в каталог — там много всего интересного</p>
      <Link to="/catalog" className="button button--primary button--medium basket-empty__cta">
        Перейти в каталог
      </Link>
    </div>
  );
}

function BasketSkeleton() {
  return (
    <div className="basket" aria-busy="true" aria-label="Загрузка корзины">
      {[0, 1, 2].map((i) => (
        <div key={i} className="basket-line basket-line--skeleton">
          <SkeletonBlock className="product-thumb basket-line__image" />
          <div className="basket-line__body">
            <SkeletonBlock text style={{ width: '40%' }} />
            <SkeletonBlock text style={{ width: '85%' }} />
            <SkeletonBlock text style={{ width: '30%' }} />
          </div>
        </div>
      ))}
    </div>
  );
}
