// The delivery staff choose for a shopper (a manual order, an order's delivery changed before it
// ships): one of the shopper's saved addresses, or a new pickup point (a city, a point) with the
// recipient's name and phone; the API saves a new one to the shopper's addresses.
import type { AdminOrderDeliveryBody } from '@shop/contract';
import { useState } from 'react';
import { useCustomer } from '../api/customers.ts';
import { PointPicker, type NewPoint } from './manual-order-parts.tsx';
import { Recipient, type RecipientDraft } from './recipient-fields.tsx';

const NEW_POINT = 'new';
const NO_RECIPIENT: RecipientDraft = { fio: '', last_name: '', phone_number: '' };

export function useDeliveryDraft() {
  const [choice, setChoice] = useState('');
  const [point, setPoint] = useState<NewPoint | null>(null);
  const [recipient, setRecipient] = useState<RecipientDraft>(NO_RECIPIENT);
  return {
    choice,
    setChoice,
    point,
    setPoint,
    recipient,
    setRecipient,
    reset: (r: RecipientDraft = NO_RECIPIENT) => {
      setChoice('');
      setPoint(null);
      setRecipient(r);
    },
  };
}
export type DeliveryDraft = ReturnType<typeof useDeliveryDraft>;

/** The request's delivery part, or null while nothing complete is chosen. */
export function deliveryOf(d: DeliveryDraft): AdminOrderDeliveryBody | null {
  if (d.choice === NEW_POINT)
    return d.point
      ? {
          delivery: {
            kind: 'pickup',
            city: d.point.city,
            city_code: d.point.cityCode,
            point_code: d.point.pointCode,
            address: '',
            is_default: false,
            ...d.recipient,
          },
        }
      : null;
  return d.choice ? { delivery_id: Number(d.choice) } : null;
}

export function DeliveryChoice({ userId, draft }: { userId: number; draft: DeliveryDraft }) {
  const card = useCustomer(userId);
  const addresses = card.data?.addresses ?? [];
  return (
    <fieldset className="admin-form admin-delivery-choice" aria-label="Куда доставить">
      {addresses.map((a) => (
        <label key={a.id} className="admin-line">
          <span className="admin-line__text">
            <span>{[a.city, a.address].filter(Boolean).join(', ')}</span>
            <span className="admin-muted">{a.recipient}</span>
          </span>
          <input
            type="radio"
            name={`delivery-${userId}`}
            checked={draft.choice === String(a.id)}
            onChange={() => draft.setChoice(String(a.id))}
          />
        </label>
      ))}
      <label className="admin-line">
        <span>Новый пункт выдачи</span>
        <input
          type="radio"
          name={`delivery-${userId}`}
          checked={draft.choice === NEW_POINT}
          onChange={() => draft.setChoice(NEW_POINT)}
        />
      </label>
      {draft.choice === NEW_POINT && (
        <>
          <PointPicker value={draft.point} onChange={draft.setPoint} />
          <Recipient value={draft.recipient} onChange={draft.setRecipient} />
        </>
      )}
    </fieldset>
  );
}
