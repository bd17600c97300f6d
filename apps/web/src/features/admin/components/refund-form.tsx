// The owner's refund (docs/product.md §12.5): the whole unrefunded amount or a part, with a reason and a
// confirmation; a refund never exceeds what was paid (the server checks it too).
import type { AdminOrder } from '@shop/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { notify } from '../../../components/ui/notify.ts';
import { formatPrice } from '../../../lib/price.ts';
import { useRefundOrder } from '../api/refund-order.ts';
import { keepFiltered } from '../../../lib/filtered-input.ts';

export function RefundForm({ order }: { order: AdminOrder }) {
  const left = order.paid_amount - order.refunded_amount;
  const [mode, setMode] = useState<'full' | 'part'>('full');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refund = useRefundOrder();

  if (left <= 0) return null;

  const submit = async () => {
    const amount = mode === 'full' ? left : Number(amountText);
    if (mode === 'part' && (!Number.isInteger(amount) || amount <= 0 || amount > left)) {
      setError(`Сумма — целое число рублей от 1 до ${left}`);
      return;
    }
    if (!reason.trim()) {
      setError('Укажите причину возврата');
      return;
    }
    setError(null);
    const ok = await confirm({
      title: `Вернуть ${formatPrice(amount)}?`,
      message: `Заказ №${order.id}. Причина: ${reason.trim()}. Деньги уйдут покупателю, отменить возврат нельзя.`,
      confirmText: 'Вернуть',
      cancelText: 'Отмена',
      destructive: true,
    });
    if (!ok) return;
    refund.mutate(
      { id: order.id, reason: reason.trim(), amount: mode === 'full' ? undefined : amount },
      {
        onSuccess: (r) => {
          notify.success(r.status === 'succeeded' ? 'Возврат проведён' : 'Возврат отправлен');
          setReason('');
          setAmountText('');
        },
      },
    );
  };

  return (
    <section className="admin-card" aria-labelledby="refund-title">
      <h2 id="refund-title" className="admin-card__title">
        Возврат
      </h2>
      <p className="admin-muted">Можно вернуть до {formatPrice(left)}</p>
      <div className="admin-form">
        <div className="admin-segment" role="radiogroup" aria-label="Сумма возврата">
          <label className="admin-check">
            <input
              type="radio"
              name="refund-mode"
              checked={mode === 'full'}
              onChange={() => setMode('full')}
            />
            Полностью
          </label>
          <label className="admin-check">
            <input
              type="radio"
              name="refund-mode"
              checked={mode === 'part'}
              onChange={() => setMode('part')}
            />
            Часть
          </label>
        </div>
        {mode === 'part' && (
          <input
            className="admin-input"
            inputMode="numeric"
            placeholder="Сумма, ₽"
            aria-label="Сумма возврата, ₽"
            value={amountText}
            onChange={(e) => setAmountText(keepFiltered(e.currentTarget, (v) => v.replace(/\D/g, '')))}
          />
        )}
        <input
          className="admin-input"
          placeholder="Причина возврата"
          aria-label="Причина возврата"
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {error && (
          <p className="admin-error" role="alert">
            {error}
          </p>
        )}
        <Button variant="error" size="medium" loading={refund.isPending} onClick={() => void submit()}>
          Оформить возврат
        </Button>
      </div>
    </section>
  );
}
