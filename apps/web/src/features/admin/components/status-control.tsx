// The status change of one order: only the statuses ORDER_TRANSITIONS allows from where it is and
// the role may set, with a comment, the tracking number and whether to tell the shopper.
import type { AdminOrder, OrderStatus, StaffRole } from '@shop/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { notify } from '../../../components/ui/notify.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useChangeOrderStatus } from '../api/change-order-status.ts';
import { manualNextStatuses, TAB_RU } from '../admin-labels.ts';

export function StatusControl({ order, role }: { order: AdminOrder; role: StaffRole }) {
  const next = manualNextStatuses(order.status, role);
  const [target, setTarget] = useState<OrderStatus | ''>('');
  const [comment, setComment] = useState('');
  const [tracking, setTracking] = useState('');
  const [tell, setTell] = useState(true);
  const change = useChangeOrderStatus();
  const value = target && next.includes(target) ? target : '';

  if (next.length === 0) return null;

  const submit = async () => {
    if (!value) return;
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
        onError: (error) =>
          notify.error(
            error instanceof ApiRequestError && error.code === 'invalid_transition'
              ? 'Заказ уже в другом статусе — обновите карточку'
              : error.message,
          ),
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
        <Button size="medium" disabled={!value} loading={change.isPending} onClick={() => void submit()}>
          Изменить статус
        </Button>
      </div>
    </section>
  );
}
