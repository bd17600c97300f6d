import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  askOlderInstancesToClose,
  claimOnce,
  listenForNewerInstances,
  parseStartParam,
  paymentAwaitPath,
} from './start-params.ts';

describe('start parameters (docs/product.md §2)', () => {
  it('"productId_{number}" opens the product drawer', () => {
    expect(parseStartParam('productId_12')).toEqual({ type: 'product', productId: 12 });
    expect(parseStartParam('productId_12_from_channel')).toEqual({ type: 'product', productId: 12 });
    expect(parseStartParam('productId_')).toBeNull();
    expect(parseStartParam('productId_0')).toBeNull();
    expect(parseStartParam('xproductId_12')).toBeNull();
  });

  it('"containing payment_success__{guid} or payment_fail__{guid}" goes to payment-await', () => {
    const guid = '5f0c2a7e-1d2b-4c3d-9e8f-0a1b2c3d4e5f';
    expect(parseStartParam(`payment_success__${guid}`)).toEqual({
      type: 'payment',
      outcome: 'success',
      guid,
    });
    expect(parseStartParam(`ref_payment_fail__${guid}`)).toEqual({ type: 'payment', outcome: 'fail', guid });
    expect(paymentAwaitPath(guid)).toBe(`/payment-await?transaction_guid=${guid}`);
  });

  it('ignores empty and unknown parameters', () => {
    expect(parseStartParam(undefined)).toBeNull();
    expect(parseStartParam('')).toBeNull();
    expect(parseStartParam('hello')).toBeNull();
  });

  it('"once per value"', () => {
    expect(claimOnce('payment_success__a')).toBe(true);
    expect(claimOnce('payment_success__a')).toBe(false);
    expect(claimOnce('payment_fail__a')).toBe(true);
    expect(claimOnce('payment_success__b')).toBe(true);
    expect(claimOnce('payment_success__a')).toBe(false);
  });

  it('claims a product parameter once per app session', () => {
    expect(claimOnce('productId_5', 'session')).toBe(true);
    expect(claimOnce('productId_5', 'session')).toBe(false);
    expect(localStorage.getItem('shop/handled-start-params')).toBeNull();
    sessionStorage.clear();
    expect(claimOnce('productId_5', 'session')).toBe(true);
  });
});

describe('closing older instances (docs/product.md §2: "asks older open instances to close")', () => {
  it('closes when a newer instance says so, never for its own message or an older one', async () => {
    const onNewer = vi.fn();
    const stop = listenForNewerInstances(onNewer);
    askOlderInstancesToClose();
    // One channel sends the older instance's message, then a newer one's: a receiver gets them in
    // that order, so once the newer one has arrived the older one was handled (no fixed wait).
    const channel = new BroadcastChannel('shop-instances');
    channel.postMessage({ type: 'close-older', startedAt: 1, sender: 'older-instance' });
    channel.postMessage({ type: 'close-older', startedAt: Date.now() + 1000, sender: 'newer-instance' });
    channel.close();
    await waitFor(() => expect(onNewer).toHaveBeenCalled());
    expect(onNewer).toHaveBeenCalledOnce();
    stop();
  });
});
