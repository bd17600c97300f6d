import { OrderStatusSchema } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import {
  isActiveStatus,
  ORDER_STATUS_RU,
  paymentTimeLeft,
  progressIndex,
  statusTone,
} from './order-status.ts';

describe('order statuses (docs/product.md §11)', () => {
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

  it('the time an unpaid order has left comes from expires_at, never a fixed 30 minutes', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(paymentTimeLeft('2026-01-01T12:30:00Z', now)).toBe('30 минут');
    expect(paymentTimeLeft('2026-01-01T12:01:30Z', now)).toBe('2 минуты');
    expect(paymentTimeLeft('2026-01-01T12:00:20Z', now)).toBe('1 минуту');
    expect(paymentTimeLeft('2026-01-01T11:59:00Z', now)).toBeNull();
    expect(paymentTimeLeft(null, now)).toBeNull();
  });
});
