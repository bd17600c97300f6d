// «Изменить доставку» on the order card (docs/product.md §12.6): before the order is handed to the
// carrier, staff with `operate` move it to another saved address of its shopper or a new pickup
// point; the shopper is told by the bot.
import './console-pages.css';
import { DELIVERY_EDITABLE_STATUSES, type AdminOrder, type OrderStatus } from '@shop/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { useChangeOrderDelivery } from '../api/manual-order.ts';
import { DeliveryChoice, deliveryOf, useDeliveryDraft } from './delivery-choice.tsx';

const EDITABLE: readonly OrderStatus[] = DELIVERY_EDITABLE_STATUSES;

export function OrderDeliveryEdit({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState(false);
  const draft = useDeliveryDraft();
  const change = useChangeOrderDelivery(order.id);
  if (!EDITABLE.includes(order.status)) return null;
  if (!open)
    return (
      <p className="admin-new-order-link">
        <button
          type="button"
          className="admin-link-button"
          onClick={() => {
            draft.reset({
              fio: order.delivery.fio,
              last_name: order.delivery.last_name,
              phone_number: order.delivery.phone_number,
            });
            setOpen(true);
          }}
        >
          Изменить доставку
        </button>
      </p>
    );
  const body = deliveryOf(draft);
  return (
    <section className="admin-card admin-manual-order" aria-labelledby="delivery-edit-title">
      <h2 id="delivery-edit-title" className="admin-card__title">
        Изменить доставку
      </h2>
      <DeliveryChoice userId={order.user.id} draft={draft} />
      <div className="admin-actions">
        <Button
          size="small"
          disabled={!body}
          loading={change.isPending}
          onClick={() =>
            body &&
            change.mutate(body, {
              onSuccess: () => {
                notify.success('Доставка изменена, покупатель получит сообщение');
                setOpen(false);
              },
            })
          }
        >
          Сохранить доставку
        </Button>
        <button type="button" className="admin-link-button" onClick={() => setOpen(false)}>
          Отмена
        </button>
      </div>
    </section>
  );
}
