// The order card's shipments (docs/product.md §11.9): each parcel with its leg, carrier, number,
// tracking link, status and the carrier's events; staff add one by number, register the Russian
// leg with CDEK (the recipient's passport and INN go to CDEK), print its label, correct a number.
import { SHIPMENT_STATUS_RU, type AdminOrder, type CreateShipmentBody, type Shipment } from '@shop/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { StoredLink } from '../../../components/ui/stored-link.tsx';
import { formatDateTime } from '../admin-labels.ts';
import { useAddShipment, useOpenShipmentLabel, usePatchShipment } from '../api/shipments.ts';

const LEG_RU = { china: 'Китай → склад', russia: 'По России' } as const;
const carrierName = (c: string) => (c === 'cdek' ? 'СДЭК' : c);

export function OrderShipments({ order, canWrite }: { order: AdminOrder; canWrite: boolean }) {
  const shipments = order.shipments ?? [];
  const add = useAddShipment(order.id);
  const [leg, setLeg] = useState<'china' | 'russia'>('china');
  const [carrier, setCarrier] = useState('');
  const [number, setNumber] = useState('');

  const submit = (body: CreateShipmentBody, after?: () => void) =>
    add.mutate(body, {
      onSuccess: () => {
        notify.success(body.register ? 'Отправление зарегистрировано в СДЭК' : 'Отправление добавлено');
        after?.();
      },
    });
  const registeredLive = shipments.some((s) => s.registered && s.status !== 'problem');

  return (
    <section className="admin-card" aria-labelledby="shipments-title">
      <h2 id="shipments-title" className="admin-card__title">
        Отправления
      </h2>
      {shipments.length === 0 && <p className="admin-muted">Отправлений нет</p>}
      <ul className="admin-list">
        {shipments.map((s) => (
          <ShipmentRow key={s.id} orderId={order.id} shipment={s} canWrite={canWrite} />
        ))}
      </ul>
      {canWrite && (
        <>
          <form
            className="admin-form"
            aria-label="Добавить отправление"
            onSubmit={(e) => {
              e.preventDefault();
              if (!carrier.trim() || !number.trim()) return;
              submit({ leg, carrier: carrier.trim(), number: number.trim() }, () => {
                setCarrier('');
                setNumber('');
              });
            }}
          >
            <select
              className="admin-select"
              aria-label="Участок"
              value={leg}
              onChange={(e) => setLeg(e.target.value as 'china' | 'russia')}
            >
              <option value="china">{LEG_RU.china}</option>
              <option value="russia">{LEG_RU.russia}</option>
            </select>
            <input
              className="admin-input"
              aria-label="Перевозчик"
              placeholder="Перевозчик (латиницей: cdek, yunexpress)"
              value={carrier}
              onChange={(e) => setCarrier(e.target.value)}
            />
            <input
              className="admin-input"
              aria-label="Номер отправления"
              placeholder="Номер отправления"
              value={number}
              onChange={(e) => setNumber(e.target.value)}
            />
            <Button
              type="submit"
              size="small"
              variant="secondary"
              disabled={!carrier.trim() || !number.trim()}
              loading={add.isPending && !add.variables?.register}
            >
              Добавить
            </Button>
          </form>
          {!registeredLive && (
            <Button
              size="small"
              loading={add.isPending && add.variables?.register === true}
              onClick={() => submit({ leg: 'russia', carrier: 'cdek', register: true })}
            >
              Зарегистрировать в СДЭК
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function ShipmentRow({
  orderId,
  shipment: s,
  canWrite,
}: {
  orderId: number;
  shipment: Shipment;
  canWrite: boolean;
}) {
  const patch = usePatchShipment(orderId);
  const label = useOpenShipmentLabel(orderId);
  const [editing, setEditing] = useState(false);
  const [number, setNumber] = useState(s.number ?? '');
  const last = s.events.at(-1);
  return (
    <li className="admin-list__item">
      <p>
        <strong>{LEG_RU[s.leg]}</strong> · {carrierName(s.carrier)} · {s.number ?? 'номер ещё не присвоен'} ·{' '}
        {SHIPMENT_STATUS_RU[s.status]}
      </p>
      {last && (
        <span className="admin-muted">
          {last.name}
          {last.city ? `, ${last.city}` : ''} · {formatDateTime(last.at)}
        </span>
      )}
      <p className="admin-actions">
        {s.link && <StoredLink url={s.link}>Отследить</StoredLink>}
        {s.registered && (
          <button
            type="button"
            className="admin-link"
            onClick={() => label.mutate(s.id)}
          >
            Этикетка (PDF)
          </button>
        )}
        {canWrite && !s.registered && (
          <button type="button" className="admin-link" onClick={() => setEditing((v) => !v)}>
            Исправить номер
          </button>
        )}
      </p>
      {editing && (
        <form
          className="admin-form"
          onSubmit={(e) => {
            e.preventDefault();
            patch.mutate(
              { id: s.id, body: { number: number.trim() || null } },
              { onSuccess: () => setEditing(false) },
            );
          }}
        >
          <input
            className="admin-input"
            aria-label="Новый трек-номер"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
          />
          <Button type="submit" size="small" variant="secondary" loading={patch.isPending}>
            Сохранить
          </Button>
        </form>
      )}
    </li>
  );
}
