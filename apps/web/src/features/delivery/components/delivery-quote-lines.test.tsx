import type { DeliveryQuote } from '@shop/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeliveryQuoteLines } from './delivery-quote-lines.tsx';

const quote = (duty: DeliveryQuote['duty']): DeliveryQuote => ({
  price: 290,
  days_min: 12,
  days_max: 19,
  date_from: '2026-12-12',
  date_to: '2026-12-19',
  duty,
});

describe('the delivery lines before payment', () => {
  // The text matcher sees non-breaking spaces as plain ones.
  it('shows the dates, the price and «Пошлина ≈ X ₽» when the parcel is over the threshold', () => {
    render(
      <DeliveryQuoteLines
        quote={quote({ amount: 8430, goods_eur: 300, eur_rate: 100, rule: '5 % + НДС 22 %' })}
      />,
    );
    expect(screen.getByText('Доставим 12–19 декабря')).toBeTruthy();
    expect(screen.getByText('290 ₽')).toBeTruthy();
    expect(screen.getByText('Пошлина ≈ 8 430 ₽')).toBeTruthy();
  });

  it('shows no duty line under the threshold', () => {
    render(<DeliveryQuoteLines quote={quote(null)} />);
    expect(screen.getByText('Доставим 12–19 декабря')).toBeTruthy();
    expect(screen.queryByText(/Пошлина/)).toBeNull();
    expect(screen.getByText('Доставку оплачивают при получении.')).toBeTruthy();
  });
});
