import { DeliveryBodySchema } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { formatPhoneInput } from './phone.ts';

describe('formatPhoneInput', () => {
  it.each([
    ['', ''],
    ['9', '+7 9'],
    ['8912', '+7 912'],
    ['+7912345', '+7 912 345'],
    ['89123456789', '+7 912 345-67-89'],
    ['+7 (912) 345-67-89', '+7 912 345-67-89'],
    ['+7 912 345-67-8999', '+7 912 345-67-89'],
    // Foreign numbers stay as typed (issue 27): never «+7 375 291-23-45».
    ['+375 29 123-45-67', '+375 29 123-45-67'],
    ['+3', '+3'],
    ['375291234567', '375291234567'],
  ])('%s → %s', (input, out) => expect(formatPhoneInput(input)).toBe(out));

  it('the formatted number passes the contract and normalises to +7XXXXXXXXXX', () => {
    const parsed = DeliveryBodySchema.parse({
      city: 'Москва',
      address: 'ул. Тверская, 1',
      fio: 'Иван',
      last_name: 'Петров',
      phone_number: formatPhoneInput('89123456789'),
    });
    expect(parsed.phone_number).toBe('+79123456789');
  });
});

describe('a foreign number', () => {
  it('is refused by the contract with the Russian message, not rewritten into +7', () => {
    const result = DeliveryBodySchema.safeParse({
      city: 'Москва',
      address: 'ул. Тверская, 1',
      fio: 'Иван',
      last_name: 'Петров',
      phone_number: formatPhoneInput('+375 29 123-45-67'),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Введите российский номер телефона: +7 XXX XXX-XX-XX');
  });
});
