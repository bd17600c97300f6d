// blogger/conclusion (research §5.6): the amount to withdraw (at least 1 000 ₽, at most what is
// available), the one active request with its state and «Отменить заявку», the history of
// withdrawals, and converting the balance to shop bonuses for partners without a tax status.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { useBloggerPayouts, useCancelPayout, useConvertToBonus } from '../api/blogger.ts';
import { PAYOUT_STATUS_RU, type BloggerBalance } from '@shop/contract';
import { numeric, toneOf } from '../labels.ts';
import type { Payout } from '../types.ts';
import './programmes.css';
import { paths } from '../../../lib/paths.ts';

const digits = (v: string) => v.replace(/\D/g, '').slice(0, 9);

export function amountError(amount: number, available: number, min: number): string | undefined {
  if (!amount) return undefined;
  if (amount < min) return `Минимальная сумма вывода — ${formatPrice(min)}`;
  if (amount > available) return 'Недостаточно средств';
  return undefined;
}

export function BloggerConclusionView({
  balance,
  minPayout,
}: {
  balance: BloggerBalance;
  minPayout: number;
}) {
  const navigate = useNavigate();
  const payouts = useBloggerPayouts();
  const cancel = useCancelPayout();
  const convert = useConvertToBonus();
  const [value, setValue] = useState('');
  const amount = Number(value || 0);
  const error = amountError(amount, balance.available, minPayout);
  const active = payouts.data?.active ?? null;
  const history = (payouts.data?.items ?? []).filter((p) => p.id !== active?.id);

  const askCancel = async (payout: Payout) => {
    const ok = await confirm({
      title: 'Отменить заявку на вывод?',
      message: `${formatPrice(payout.amount)} вернутся на баланс.`,
      confirmText: 'Отменить заявку',
      cancelText: 'Оставить',
      destructive: true,
    });
    if (!ok) return;
    cancel.mutate(payout.id, {
      onSuccess: () => notify.success('Заявка отменена'),
    });
  };

  const askConvert = async () => {
    const sum = amount && !error ? amount : balance.available;
    const ok = await confirm({
      title: `Перевести ${formatPrice(sum)} на бонусный счёт?`,
      message:
        '1 ₽ = 1 бонус. Бонусами можно оплатить до 30 % стоимости товаров. Вернуть деньги на вывод будет нельзя.',
      confirmText: 'Перевести',
      cancelText: 'Отмена',
    });
    if (!ok) return;
    convert.mutate(sum, {
      onSuccess: () => {
        setValue('');
        notify.success(`${formatPrice(sum)} переведены на бонусный счёт`);
      },
    });
  };

  return (
    <div className="pg">
      <section className="pg-card" aria-label="Доступно">
        <span className="pg-hint">Доступно</span>
        <span className="pg-promo__code" data-testid="conclusion-available">
          {formatPrice(balance.available)}
        </span>
      </section>

      {active ? (
        <section className="pg-card" aria-labelledby="active-payout">
          <h2 id="active-payout" className="pg-card__title">
            Активная заявка
          </h2>
          <PayoutRow payout={active} />
          <p className="pg-card__hint">Новую заявку можно создать, когда эта будет выплачена или отменена.</p>
          {active.status === 'pending' && (
            <Button
              variant="secondary"
              size="medium"
              loading={cancel.isPending}
              onClick={() => void askCancel(active)}
            >
              Отменить заявку
            </Button>
          )}
        </section>
      ) : (
        <form
          className="pg-form"
          aria-label="Сумма вывода"
          onSubmit={(e) => {
            e.preventDefault();
            if (!error && amount) void navigate(paths.bloggerConclusionPayment(amount));
          }}
        >
          <TextField
            label="Сумма, ₽"
            value={value}
            onValueChange={setValue}
            mask={digits}
            inputMode="numeric"
            error={error}
          />
          <div className="pg-actions">
            <Button
              variant="light-primary"
              size="small"
              disabled={balance.available < minPayout}
              onClick={() => setValue(String(balance.available))}
            >
              Вывести всё
            </Button>
          </div>
          <p className="pg-hint">Минимум {formatPrice(minPayout)}. Выплата — до 3 рабочих дней.</p>
          <Button type="submit" fullWidth disabled={!amount || Boolean(error)}>
            Продолжить
          </Button>
          {balance.available > 0 && (
            <Button
              variant="secondary"
              size="medium"
              fullWidth
              loading={convert.isPending}
              onClick={() => void askConvert()}
            >
              Перевести на бонусный счёт
            </Button>
          )}
        </form>
      )}

      <h2 className="pg-section-title">История выводов</h2>
      {payouts.isPending ? (
        <SkeletonBlock style={{ height: 56, borderRadius: 12 }} />
      ) : payouts.isError ? (
        <LoadError title="Не удалось загрузить выводы" onRetry={payouts.refetch} inline />
      ) : history.length === 0 ? (
        <p className="pg-hint">Здесь появятся ваши выводы.</p>
      ) : (
        <ul className="pg-rows" aria-label="История выводов">
          {history.map((p) => (
            <li key={p.id}>
              <div className="pg-row">
                <PayoutRow payout={p} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PayoutRow({ payout }: { payout: Payout }) {
  return (
    <>
      <span className="pg-row__main">
        <span className="pg-row__title">{formatPrice(payout.amount)}</span>
        <span className="pg-row__sub">
          {numeric(payout.created_at)} · {payout.details_masked}
          {payout.reject_reason ? ` · ${payout.reject_reason}` : ''}
        </span>
      </span>
      <span className={`pg-chip pg-chip--${toneOf(payout.status)}`}>{PAYOUT_STATUS_RU[payout.status]}</span>
    </>
  );
}
