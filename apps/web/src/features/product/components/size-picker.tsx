// Size tiles of the product drawer: the size with its price, "нет" and disabled when sold out;
// the size chart link; the "Выберите размер" hint when the cart buttons need a size.
import type { Variant } from '@shop/contract';
import type { Ref } from 'react';
import { formatPrice } from '../../../lib/price.ts';
import { sizeName } from '../../../lib/variant-label.ts';
import { haptic } from '../../../telegram/haptics.ts';

type Props = {
  /** Variants that have a size (sizeTiles); none hides the picker. */
  tiles: Variant[];
  variantId: number | null;
  onChoose: (variantId: number) => void;
  onSizeChart: (() => void) | null;
  needSize: boolean;
  ref?: Ref<HTMLElement>;
};

export function SizePicker({ tiles, variantId, onChoose, onSizeChart, needSize, ref }: Props) {
  if (tiles.length === 0) return null;
  return (
    <section ref={ref} className="product-drawer__section product-drawer__sizes" aria-label="Размер">
      <div className="product-drawer__row">
        <h3 className="product-drawer__label">Размер</h3>
        {onSizeChart && (
          <button type="button" className="product-drawer__size-chart" onClick={onSizeChart}>
            Размерная сетка
          </button>
        )}
      </div>
      <div className="size-grid" role="radiogroup" aria-label="Размер">
        {tiles.map((v) => (
          <button
            key={v.id}
            type="button"
            role="radio"
            aria-checked={variantId === v.id}
            disabled={v.qty === 0}
            aria-disabled={v.qty === 0}
            className={`size-option${variantId === v.id ? ' size-option--selected' : ''}`}
            onClick={() => {
              haptic.selection();
              onChoose(v.id);
            }}
          >
            <span>{sizeName(v, { unit: false })}</span>
            <small>{v.qty === 0 ? 'нет' : formatPrice(v.price)}</small>
          </button>
        ))}
      </div>
      {needSize && (
        <p className="product-drawer__hint" role="alert">
          Выберите размер
        </p>
      )}
    </section>
  );
}
