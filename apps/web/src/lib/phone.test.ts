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
