// Pickup points of the chosen city as a list (docs/product.md §11.9): nearest first once the
// shopper shares a position through Telegram («Рядом со мной»), otherwise in the carrier's order.
import type { DeliveryPoint } from '@shop/contract';
import { useState } from 'react';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { haptic } from '../../../telegram/haptics.ts';
import { requestPosition, type Position } from '../../../telegram/location.ts';
import { useDeliveryPoints } from '../api/carrier.ts';

/** Points shown before «Показать ещё». */
const FIRST = 8;

const distance = (m: number) =>
  m < 1000 ? `${m} м` : `${(m / 1000).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} км`;

type Props = {
  cityCode: number;
  value: string | null;
  onChange: (point: DeliveryPoint) => void;
  error?: string | undefined;
};

export function PointList({ cityCode, value, onChange, error }: Props) {
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState(false);
  const [denied, setDenied] = useState(false);
  const [all, setAll] = useState(false);
  const points = useDeliveryPoints(cityCode, position);

  const nearMe = async () => {
    haptic.selection();
    setLocating(true);
    const found = await requestPosition();
    setLocating(false);
    setDenied(found === null);
    if (found) setPosition(found);
  };

  if (points.isPending)
    return (
      <div className="point-list" aria-busy="true" aria-label="Загрузка пунктов выдачи">
        {[0, 1, 2].map((i) => (
          <SkeletonBlock key={i} style={{ height: 72, borderRadius: 12 }} />
        ))}
      </div>
    );
  if (points.isError)
    return <p className="point-list__note">Не удалось загрузить пункты выдачи. Попробуйте ещё раз.</p>;
  if (points.data.length === 0)
    return <p className="point-list__note">В этом городе нет пунктов выдачи. Выберите курьера.</p>;

  const chosen = points.data.find((p) => p.code === value);
  const shown = all ? points.data : points.data.slice(0, FIRST);
  // The chosen point stays visible even when it is further down the list.
  const list = chosen && !shown.includes(chosen) ? [chosen, ...shown] : shown;
  return (
    <div className="point-list">
      <div className="point-list__head">
        <span className="point-list__title">Пункт выдачи</span>
        <button type="button" className="point-list__near" onClick={() => void nearMe()} disabled={locating}>
          {locating ? 'Определяем…' : position ? 'Ближайшие сверху' : 'Рядом со мной'}
        </button>
      </div>
      {denied && (
        <p className="point-list__note">Не удалось узнать, где вы. Пункты — в порядке перевозчика.</p>
      )}
      <ul className="point-list__items" role="radiogroup" aria-label="Пункты выдачи">
        {list.map((p) => {
          const checked = p.code === value;
          return (
            <li key={p.code}>
              <button
                type="button"
                role="radio"
                aria-checked={checked}
                className={`point-card${checked ? ' point-card--checked' : ''}`}
                onClick={() => {
                  haptic.selection();
                  onChange(p);
                }}
              >
                <span className="point-card__main">
                  <span className="point-card__address">{p.address}</span>
                  {p.distance_m !== null && (
                    <span className="point-card__distance">{distance(p.distance_m)}</span>
                  )}
                </span>
                <span className="point-card__hint">
                  {p.type === 'POSTAMAT' ? 'Постамат' : 'Пункт выдачи'} · {p.hours}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {!all && points.data.length > FIRST && (
        <button type="button" className="point-list__more" onClick={() => setAll(true)}>
          Показать ещё {points.data.length - FIRST}
        </button>
      )}
      {error && <p className="point-list__error">{error}</p>}
    </div>
  );
}
