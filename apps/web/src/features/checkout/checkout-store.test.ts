import { describe, expect, it } from 'vitest';
import { useCheckoutStore } from './checkout-store.ts';

describe('checkout attempt', () => {
  it('keeps one Idempotency-Key per attempt: a new one on start and after finishing, kept in between', () => {
    const { start } = useCheckoutStore.getState();
    start([11, 21]);
    const key = useCheckoutStore.getState().idempotencyKey;
    expect(key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    useCheckoutStore.getState().setDelivery(5);
    expect(useCheckoutStore.getState().idempotencyKey).toBe(key);
    expect(JSON.parse(sessionStorage.getItem('shop/checkout') ?? '{}')).toMatchObject({
      variantIds: [11, 21],
      deliveryId: 5,
      idempotencyKey: key,
    });
    useCheckoutStore.getState().finish();
    expect(useCheckoutStore.getState().idempotencyKey).not.toBe(key);
    expect(useCheckoutStore.getState().variantIds).toEqual([]);
    start([1]);
    expect(useCheckoutStore.getState().idempotencyKey).not.toBe(key);
  });
});
