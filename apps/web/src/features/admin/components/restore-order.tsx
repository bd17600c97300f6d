// «Нужен возврат», the owner's second way out: instead of refunding an order paid after it was
// canceled, put it back to paid (the server takes the stock again or answers out_of_stock).
import type { AdminOrder } from '@shop/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { notify } from '../../../components/ui/notify.ts';
import { useRestoreOrder } from '../api/restore-order.ts';

export function RestoreOrder({ order }: { order: AdminOrder }) {
  const [comment, setComment] = useState('');
  const restore = useRestoreOrder();
  if (!order.needs_refund) return null;

  const submit = async () => {
    const ok = await confirm({
      title: 'Восстановить заказ?',
      message: `Заказ №${order.id} снова станет оплаченным, товары будут списаны со склада. Деньги покупателю не возвращаются.`,
      confirmText: 'Восстановить',
      cancelText: 'Отмена',
    });
    if (!ok) return;
    restore.mutate(
      { id: order.id, comment: comment.trim() || undefined },
      {
        onSuccess: () => {
          notify.success('Заказ восстановлен');
          setComment('');
        },
      },
    );
  };

  return (
    <section className="admin-card" aria-labelledby="restore-title">
      <h2 id="restore-title" className="admin-card__title">
        Восстановить заказ
      </h2>
      <p className="admin-muted">
        Заказ отменён, но оплата прошла. Вместо возврата его можно вернуть в работу, если товары ещё есть.
      </p>
      <div className="admin-form">
        <input
          className="admin-input"
          placeholder="Комментарий"
          aria-label="Комментарий к восстановлению"
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
        <Button
          variant="light-primary"
          size="medium"
          loading={restore.isPending}
          onClick={() => void submit()}
        >
          Восстановить заказ
        </Button>
      </div>
    </section>
  );
}
