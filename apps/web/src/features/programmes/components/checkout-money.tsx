// The confirm step's money block (research §4.1, §5.1): «Списать бонусы» with the exact amount this
// order may use, the promo code field (or the blogger's discount applied by itself), so the
// totals below show the discount, the bonuses and «К оплате».
import type { CheckoutQuote } from '@shop/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatPrice } from '../../../lib/price.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useCheckPromo, type CheckoutItem } from '../api/checkout.ts';
import './programmes.css';

type Props = {
  items: CheckoutItem[];
  quote: CheckoutQuote | undefined;
  useBonus: boolean;
  onUseBonusChange: (on: boolean) => void;
  /** The promo code applied (checked by the server), or null. */
  promo: string | null;
  onPromoChange: (code: string | null) => void;
};

const maskPromo = (v: string) =>
  v
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 16);

export function CheckoutMoney({ items, quote, useBonus, onUseBonusChange, promo, onPromoChange }: Props) {
  const [typed, setTyped] = useState(promo ?? '');
  const [error, setError] = useState<string | undefined>();
  const check = useCheckPromo();
  const usable = quote?.bonus_usable ?? 0;

  const apply = () => {
    setError(undefined);
    check.mutate(
      { code: typed, items },
      {
        onSuccess: (result) => {
          haptic.success();
          onPromoChange(result.code);
        },
        onError: (e) => {
          haptic.error();
          setError(errorMessage(e, 'Не удалось проверить промокод'));
        },
      },
    );
  };

  return (
    <div className="placing-section checkout-money">
      <h2 className="placing-section__title">Скидки и бонусы</h2>
      {quote && quote.bonus_balance > 0 && (
        <label className="checkout-money__bonus">
          <span className="checkout-money__bonus-text">
            <span>Списать бонусы</span>
            <span className="pg-hint">
              {usable > 0
                ? `до ${formatPrice(usable)} · на счёте ${formatPrice(quote.bonus_balance)}`
                : `Бонусами можно оплатить до ${quote.spend_cap_percent} % стоимости товаров`}
            </span>
          </span>
          <input
            type="checkbox"
            role="switch"
            className="checkout-money__switch"
            checked={useBonus && usable > 0}
            disabled={usable === 0}
            onChange={(e) => {
              haptic.selection();
              onUseBonusChange(e.target.checked);
            }}
          />
        </label>
      )}
      {quote?.promo?.auto ? (
        <p className="checkout-money__promo-applied" data-testid="auto-promo">
          Скидка {quote.promo.percent} % по промокоду {quote.promo.code} применена автоматически
        </p>
      ) : promo ? (
        <div className="checkout-money__promo-applied">
          <span>
            Промокод <strong>{promo}</strong>
            {quote?.promo ? ` · −${quote.promo.percent} %` : ''}
            {quote?.promo_error ? ` · ${quote.promo_error}` : ''}
          </span>
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              onPromoChange(null);
              setTyped('');
            }}
          >
            Убрать
          </Button>
        </div>
      ) : (
        <form
          className="checkout-money__promo"
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.length >= 4) apply();
          }}
        >
          <TextField
            label="Промокод"
            size="small"
            value={typed}
            onValueChange={(v) => {
              setTyped(v);
              setError(undefined);
            }}
            mask={maskPromo}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            error={error}
          />
          <Button
            type="submit"
            variant="light-primary"
            size="medium"
            disabled={typed.length < 4}
            loading={check.isPending}
          >
            Применить
          </Button>
        </form>
      )}
    </div>
  );
}
