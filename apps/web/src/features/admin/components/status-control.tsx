// The status change of one order: only the statuses ORDER_TRANSITIONS allows from where it is and
// the role may set, with a comment, the tracking number and whether to tell the shopper.
import type { AdminOrder, OrderStatus, StaffRole } from '@shop/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { notify } from '../../../components/ui/notify.ts';
import { formatPrice } from '../../../lib/price.ts';
import { useChangeOrderStatus } from '../api/change-order-status.ts';
import { useRefundOrder } from '../api/refund-order.ts';
import { manualNextStatuses, TAB_RU } from '../admin-labels.ts';

export function StatusControl({ order, role }: { order: AdminOrder; role: StaffRole }) {
  const next = manualNextStatuses(order.status, role);
  const [target, setTarget] = useState<OrderStatus | ''>('');
  const [comment, setComment] = useState('');
  const [tracking, setTracking] = useState('');
  const [tell, setTell] = useState(true);
  const change = useChangeOrderStatus();
  const refund = useRefundOrder();
  const value = target && next.includes(target) ? target : '';
  // A paid order is canceled together with its money: «Отменить и вернуть N ₽» is a full refund,
  // after which the order is «Возврат оформлен» and the shopper's one message says when it arrives.
  const owed = order.paid_amount - order.refunded_amount;

  if (next.length === 0) return null;

  const cancelWithRefund = async () => {
    const ok = await confirm({
      title: `Отменить заказ №${order.id} и вернуть ${formatPrice(owed)}?`,
      message:
        'Деньги вернутся покупателю на карту; он получит сообщение о возврате и сроке. Отменить возврат нельзя.',
      confirmText: `Отменить и вернуть ${formatPrice(owed)}`,
      cancelText: 'Не отменять',
      destructive: true,
    });
    if (!ok) return;
    refund.mutate(
      { id: order.id, reason: comment.trim() || 'Заказ отменён' },
      {
        onSuccess: () => {
          notify.success('Заказ отменён, деньги возвращаются');
          setTarget('');
          setComment('');
        },
      },
    );
  };

  const submit = async () => {
    if (!value) return;
    if (value === 'canceled' && owed > 0) return cancelWithRefund();
    const ok = await confirm({
      title: `Перевести заказ №${order.id} в «${TAB_RU[value]}»?`,
      message: tell ? 'Покупатель получит сообщение в Telegram.' : 'Покупатель не получит сообщения.',
      confirmText: 'Изменить',
      cancelText: 'Отмена',
      destructive: value === 'canceled',
    });
    if (!ok) return;
    change.mutate(
      {
        id: order.id,
        status: value,
        notify: tell,
        comment: comment.trim() || undefined,
        tracking_number: tracking.trim() || undefined,
      },
      {
        onSuccess: () => {
          notify.success(`Статус: ${TAB_RU[value]}`);
          setTarget('');
          setComment('');
          setTracking('');
        },
      },
    );
  };

  return (
    <section className="admin-card" aria-labelledby="status-change-title">
      <h2 id="status-change-title" className="admin-card__title">
        Изменить статус
      </h2>
      <div className="admin-form">
        <select
          className="admin-select"
          aria-label="Новый статус"
          value={value}
          onChange={(e) => setTarget(e.target.value as OrderStatus)}
        >
          <option value="">Новый статус…</option>
          {next.map((s) => (
            <option key={s} value={s}>
              {TAB_RU[s]}
            </option>
          ))}
        </select>
        <input
          className="admin-input"
          placeholder={order.tracking_number ? `Трек-номер: ${order.tracking_number}` : 'Трек-номер'}
          aria-label="Трек-номер"
          value={tracking}
          maxLength={100}
          onChange={(e) => setTracking(e.target.value)}
        />
        <textarea
          className="admin-input"
          placeholder="Внутренний комментарий: покупатель его не увидит"
          aria-label="Внутренний комментарий"
          rows={2}
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
        <label className="admin-check">
          <input type="checkbox" checked={tell} onChange={(e) => setTell(e.target.checked)} />
          Уведомить покупателя
        </label>
        <Button
          size="medium"
          disabled={!value}
          loading={change.isPending || refund.isPending}
          onClick={() => void submit()}
        >
          {value === 'canceled' && owed > 0 ? `Отменить и вернуть ${formatPrice(owed)}` : 'Изменить статус'}
        </Button>
      </div>
    </section>
  );
}
