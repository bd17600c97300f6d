import { OrderStatusSchema } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { isActiveStatus, ORDER_STATUS_RU, progressIndex, statusTone } from './order-status.ts';

describe('order statuses (DESIGN §5)', () => {
  it('every status of the contract has a Russian name', () => {
    for (const status of OrderStatusSchema.options) expect(ORDER_STATUS_RU[status]).toMatch(/[а-яё]/i);
  });
  it('the progress line follows the status order; canceled and refunded leave it', () => {
    expect(progressIndex('awaiting_payment')).toBe(0);
    expect(progressIndex('paid')).toBe(1);
    expect(progressIndex('completed')).toBe(7);
    expect(progressIndex('canceled')).toBe(-1);
    expect(progressIndex('refunded')).toBe(-1);
  });
  it('"Active" means neither completed nor canceled', () => {
    expect(isActiveStatus('refunded')).toBe(true);
    expect(isActiveStatus('completed')).toBe(false);
    expect(isActiveStatus('canceled')).toBe(false);
    expect(statusTone('awaiting_payment')).toBe('pending');
  });
});
