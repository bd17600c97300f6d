import { describe, expect, it } from 'vitest';
import {
  BloggerApplicationBodySchema,
  isValidCardNumber,
  PayoutBodySchema,
  PromoCodeSchema,
  ReferralCodeSchema,
} from './programmes.ts';
import { innControlDigits } from './passport.ts';

const inn = (first10: string) => first10 + innControlDigits(first10);

describe('programme schemas', () => {
  it('uppercases codes and refuses malformed ones', () => {
    expect(ReferralCodeSchema.parse(' k7m2qx9d ')).toBe('K7M2QX9D');
    expect(ReferralCodeSchema.safeParse('K7M2QX9I').success).toBe(false); // no I in Crockford base32
    expect(PromoCodeSchema.parse('anna5')).toBe('ANNA5');
    expect(PromoCodeSchema.safeParse('AN').success).toBe(false);
    expect(PromoCodeSchema.safeParse('ANNA-5').success).toBe(false);
  });

  it('checks card numbers with Luhn', () => {
    expect(isValidCardNumber('4111111111111111')).toBe(true);
    expect(isValidCardNumber('4111111111111112')).toBe(false);
    expect(isValidCardNumber('4111')).toBe(false);
  });

  it('asks SBP for a phone and a bank, a card for a valid number, everyone for a real INN', () => {
    const base = {
      amount: 1000,
      full_name: 'Иванова Анна',
      tax_status: 'self_employed',
      inn: inn('7707083893'),
    };
    expect(
      PayoutBodySchema.safeParse({ ...base, method: 'sbp', phone: '+7 (999) 123-45-67', bank: 'Т-Банк' })
        .success,
    ).toBe(true);
    expect(
      PayoutBodySchema.safeParse({ ...base, method: 'sbp', phone: '89991234567', bank: 'Т-Банк' }).success,
    ).toBe(false);
    expect(PayoutBodySchema.safeParse({ ...base, method: 'card', card: '4111 1111 1111 1111' }).success).toBe(
      true,
    );
    expect(PayoutBodySchema.safeParse({ ...base, method: 'card', card: '4111 1111 1111 1112' }).success).toBe(
      false,
    );
    expect(
      PayoutBodySchema.safeParse({ ...base, inn: '123456789012', method: 'card', card: '4111111111111111' })
        .success,
    ).toBe(false);
  });

  it('needs both boxes ticked and an https link in an application', () => {
    const ok = {
      platform: 'telegram',
      url: 'https://t.me/anna',
      followers: 12000,
      topic: 'Кроссовки',
      promo_code: 'anna',
      contact: '@anna',
      offer_accepted: true,
      marking_ack: true,
    };
    expect(BloggerApplicationBodySchema.parse(ok).promo_code).toBe('ANNA');
    expect(BloggerApplicationBodySchema.safeParse({ ...ok, marking_ack: false }).success).toBe(false);
    expect(BloggerApplicationBodySchema.safeParse({ ...ok, url: 'http://t.me/anna' }).success).toBe(false);
  });
});
