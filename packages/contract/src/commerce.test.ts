import { describe, expect, it } from 'vitest';
import { RussianPhoneSchema } from './delivery.ts';
import { canTransition, CreateOrderBodySchema, ORDER_STATUSES } from './orders.ts';
import { innControlDigits, isValidPersonalInn, PassportBodySchema } from './passport.ts';

describe('commerce contract', () => {
  it('checks both control digits of a personal INN', () => {
    expect(isValidPersonalInn('770708389324')).toBe(true);
    expect(isValidPersonalInn('770708389325')).toBe(false);
    expect(isValidPersonalInn('770708389314')).toBe(false);
    expect(isValidPersonalInn('7707083893')).toBe(false);
  });

  it('normalises Russian phone numbers and refuses others', () => {
    expect(RussianPhoneSchema.parse('8 (916) 123-45-67')).toBe('+79161234567');
    expect(RussianPhoneSchema.parse('+7 916 123 45 67')).toBe('+79161234567');
    expect(RussianPhoneSchema.safeParse('+380 44 123 4567').success).toBe(false);
    expect(RussianPhoneSchema.safeParse('+7 916 123 45 6').success).toBe(false);
  });

  it('accepts the passport series as "12 34" and refuses impossible dates', () => {
    const base = {
      last_name: 'Иванова',
      first_name: 'Мария',
      birth_date: '1991-02-28',
      series: '12 34',
      number: '567890',
      issue_date: '2011-03-01',
      inn: '770708389324',
      email: 'm@example.com',
    };
    expect(PassportBodySchema.parse(base)).toMatchObject({ series: '1234', middle_name: '' });
    expect(PassportBodySchema.safeParse({ ...base, birth_date: '1991-02-29' }).success).toBe(false);
    expect(PassportBodySchema.safeParse({ ...base, issue_date: '1990-01-01' }).success).toBe(false);
  });

  it('refuses an order naming one variant twice', () => {
    const item = { product_id: 1, variant_id: 2, quantity: 1 };
    expect(CreateOrderBodySchema.safeParse({ items: [item], delivery_id: 1 }).success).toBe(true);
    expect(CreateOrderBodySchema.safeParse({ items: [item, item], delivery_id: 1 }).success).toBe(false);
  });
});

describe('INN control digits', () => {
  it('computes the two digits of a known INN', () => {
    expect(innControlDigits('7707083893')).toBe('24');
    expect(innControlDigits('5001007322')).toBe('59');
  });
});

describe('order transitions', () => {
  it('moves forward along the fulfilment path, never back, and final statuses stay final', () => {
    expect(canTransition('awaiting_payment', 'paid')).toBe(true);
    expect(canTransition('paid', 'purchasing')).toBe(true);
    expect(canTransition('paid', 'customs')).toBe(true);
    expect(canTransition('purchasing', 'paid')).toBe(false);
    expect(canTransition('awaiting_payment', 'purchasing')).toBe(false);
    expect(canTransition('purchasing', 'canceled')).toBe(true);
    expect(canTransition('customs', 'canceled')).toBe(false);
    expect(canTransition('delivering', 'refunded')).toBe(true);
    expect(canTransition('awaiting_payment', 'refunded')).toBe(false);
    for (const final of ['canceled', 'refunded'] as const) {
      for (const to of ORDER_STATUSES) expect(canTransition(final, to)).toBe(false);
    }
    // A completed order is final but for a full refund (goods returned).
    for (const to of ORDER_STATUSES) expect(canTransition('completed', to)).toBe(to === 'refunded');
  });
});
