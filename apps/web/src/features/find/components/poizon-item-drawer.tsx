// A Poizon item as a card like the product drawer (docs/product.md §14.1): pictures, brand and title,
// sizes each with its rouble price, the price breakdown, delivery time and until when the price
// holds, and «В корзину», which imports the item as a hidden product.
import type { PoizonItem } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { poizonItemQueryOptions, useAddPoizonToCart } from '../api/poizon-item.ts';
import { formatRate, formatValidUntil, formatYuan, weightText } from '../find-format.ts';

type Props = {
  /** The item to show: already loaded (resolve) or by spuId (search). */
  item?: PoizonItem | undefined;
  spuId: string | null;
  onClose: () => void;
  onAdded?: () => void;
};

export function PoizonItemDrawer({ item: given, spuId, onClose, onAdded }: Props) {
  const open = spuId !== null;
  const query = useQuery({ ...poizonItemQueryOptions(spuId ?? ''), enabled: open && !given });
  const item = given ?? query.data;
  return (
    <Drawer
      open={open}
      onOpenChange={(o) => !o && onClose()}
      variant="full"
      title={item?.title ?? 'Товар с Poizon'}
      hideTitle
    >
      <div className="poizon-item">
        {item ? (
          <ItemBody key={item.spu_id} item={item} onAdded={onAdded} />
        ) : query.isError ? (
          <LoadError
            title="Не удалось загрузить товар"
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <div aria-label="Загрузка" role="status">
            <SkeletonBlock className="poizon-item__skeleton-image" />
            <SkeletonBlock text style={{ width: '40%', marginTop: 16 }} />
            <SkeletonBlock text style={{ width: '80%', marginTop: 8 }} />
          </div>
        )}
      </div>
    </Drawer>
  );
}

function ItemBody({ item, onAdded }: { item: PoizonItem; onAdded?: (() => void) | undefined }) {
  const [picture, setPicture] = useState(0);
  const [size, setSize] = useState<string | null>(item.sizes.length === 1 ? item.sizes[0]!.size : null);
  const add = useAddPoizonToCart();
  const chosen = item.sizes.find((s) => s.size === size) ?? null;
  const shown = chosen ?? item.sizes.find((s) => s.price_rub === item.price_from_rub) ?? item.sizes[0]!;
  const b = shown.breakdown;
  const addToCart = () => {
    if (!chosen) {
      haptic.warning();
      notify.warning('Выберите размер');
      return;
    }
    add.mutate(
      { spuId: item.spu_id, size: chosen.size },
      {
        onSuccess: () => {
          notify.success('Товар добавлен в корзину');
          onAdded?.();
        },
      },
    );
  };

  return (
    <>
      <div className="poizon-item__gallery">
        <ProductImage
          src={item.images[picture] ?? null}
          size={{ width: 780 }}
          alt={item.title}
          className="poizon-item__image"
        />
        {item.images.length > 1 && (
          <div className="poizon-item__thumbs" role="tablist" aria-label="Фото товара">
            {item.images.map((src, i) => (
              <button
                key={src}
                type="button"
                role="tab"
                aria-selected={i === picture}
                className={`poizon-item__thumb${i === picture ? ' poizon-item__thumb--active' : ''}`}
                onClick={() => setPicture(i)}
              >
                <ProductImage src={src} size={{ width: 120 }} alt="" />
              </button>
            ))}
          </div>
        )}
      </div>
      <p className="poizon-item__brand">
        {item.brand} <span className="find-badge">Poizon</span>
      </p>
      <h2 className="poizon-item__title">{item.title}</h2>
      {item.article && <p className="find-muted">Артикул {item.article}</p>}
      <p className="poizon-item__price">
        {chosen ? formatPrice(chosen.price_rub) : `от ${formatPrice(item.price_from_rub)}`}
      </p>

      {item.sizes.length > 1 && (
        <>
          <h3 className="find-subtitle">Размер (EU)</h3>
          <div className="poizon-item__sizes" role="radiogroup" aria-label="Размер">
            {item.sizes.map((s) => (
              <button
                key={s.size}
                type="button"
                role="radio"
                aria-checked={s.size === size}
                className={`size-chip${s.size === size ? ' size-chip--active' : ''}`}
                onClick={() => {
                  haptic.selection();
                  setSize(s.size);
                }}
              >
                <span className="size-chip__size">{s.size}</span>
                <span className="size-chip__price">{formatPrice(s.price_rub)}</span>
              </button>
            ))}
          </div>
        </>
      )}

      <dl className="find-breakdown" aria-label="Из чего складывается цена">
        <dt>
          Товар {formatYuan(b.price_cny)} × {formatRate(b.rate)}
        </dt>
        <dd>{formatPrice(b.goods_rub)}</dd>
        <dt>Доставка из Китая {weightText(b.weight_kg)}</dt>
        <dd>{formatPrice(b.delivery_rub)}</dd>
        <dt>Услуги сервиса</dt>
        <dd>{formatPrice(b.service_rub)}</dd>
        <dt className="find-breakdown__total">Итого</dt>
        <dd className="find-breakdown__total">{formatPrice(b.total_rub)}</dd>
      </dl>
      <p className="find-muted">
        Срок доставки {item.delivery_days} дней · Цена действует до {formatValidUntil(item.valid_until)}
      </p>
      <Button fixed loading={add.isPending} onClick={addToCart}>
        {chosen ? `В корзину за ${formatPrice(chosen.price_rub)}` : 'В корзину'}
      </Button>
    </>
  );
}
