// Colour thumbnails of the product drawer; a sold-out colour stays choosable but says so.
import type { Product } from '@shop/contract';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { haptic } from '../../../telegram/haptics.ts';
import { colorsOf, pictureForColor, variantsForColor } from '../variant-selection.ts';

const COLOR_THUMB_PX = 80;

type Props = { product: Product; color: string | null; onChoose: (color: string) => void };

export function ColorPicker({ product, color, onChoose }: Props) {
  const colors = colorsOf(product);
  if (colors.length === 0) return null;
  return (
    <section className="product-drawer__section" aria-label="Цвет">
      <h3 className="product-drawer__label">
        Цвет: <span>{color ?? 'не выбран'}</span>
      </h3>
      <div className="color-thumbs" role="radiogroup" aria-label="Цвет">
        {colors.map((c) => {
          const soldOut = variantsForColor(product, c).every((v) => v.qty === 0);
          return (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={color === c}
              aria-label={soldOut ? `${c}, нет в наличии` : c}
              className={`color-thumb${color === c ? ' color-thumb--selected' : ''}${soldOut ? ' color-thumb--sold-out' : ''}`}
              onClick={() => {
                haptic.selection();
                onChoose(c);
              }}
            >
              <ProductImage
                src={pictureForColor(product, c)}
                size={{ height: COLOR_THUMB_PX }}
                alt=""
                loading="lazy"
              />
              <span>{c}</span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
