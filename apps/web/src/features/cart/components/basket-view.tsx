// The basket: its lines (basket-line.tsx), checkboxes choosing the lines to order (all chosen by
// default, new lines too), the total of the choice and the button to order. A removal is undone
// from its toast («Вернуть», use-line-actions.ts), not confirmed first; a line moves to the
// favourites when the page lends `toFavorites`. The page decides where ordering leads (`onCheckout`).
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { countRu } from '../../../lib/format.ts';
import { ITEM_FORMS } from '../../../lib/plural.ts';
import { formatPrice } from '../../../lib/price.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useCart } from '../api/get-cart.ts';
import { cartLines, linesTotal } from '../cart-lines.ts';
import { BasketLine } from './basket-line.tsx';
import { useLineActions, type ToFavorites } from './use-line-actions.ts';
import './basket-view.css';
import { paths } from '../../../lib/paths.ts';

type Props = { onCheckout: (variantIds: number[]) => void; toFavorites?: ToFavorites };

export function BasketView({ onCheckout, toFavorites }: Props) {
  const cart = useCart();
  // Deselected ids, so that every line (also one added later) starts selected.
  const [deselected, setDeselected] = useState<ReadonlySet<number>>(new Set());
  const actions = useLineActions(toFavorites);

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
          const move = actions.moveToFavorites;
          return (
            <BasketLine
              key={line.variant.id}
              line={line}
              checked={line.variant.qty > 0 && !deselected.has(line.variant.id)}
              onToggle={() => toggle(line.variant.id)}
              onQuantity={(quantity) => actions.setQuantity(line, quantity)}
              onRemove={() => actions.removeLine(line)}
              onToFavorites={move && (() => move(line))}
            />
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
      <Link to={paths.catalog()} className="button button--primary button--medium basket-empty__cta">
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
