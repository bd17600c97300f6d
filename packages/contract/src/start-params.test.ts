import { describe, expect, it } from 'vitest';
import { buildStartParam, miniAppLink, parseStartParams } from './start-params.ts';

describe('start parameters', () => {
  it('reads each token alone', () => {
    expect(parseStartParams('productId_12')).toEqual({ productId: 12 });
    expect(parseStartParams('ref_k7m2qx9d')).toEqual({ ref: 'K7M2QX9D' });
    expect(parseStartParams('b_ANNA5')).toEqual({ blogger: 'ANNA5' });
    expect(parseStartParams('payment_success__0b7c1a2e-1111-4a2b-9c3d-123456789abc')).toEqual({
      payment: { outcome: 'success', guid: '0b7c1a2e-1111-4a2b-9c3d-123456789abc' },
    });
    expect(parseStartParams('payment_fail__abcdef12')).toEqual({
      payment: { outcome: 'fail', guid: 'abcdef12' },
    });
  });

  it('reads combined tokens and ignores unknown or malformed ones', () => {
    expect(parseStartParams('productId_123__ref_K7M2QX9D')).toEqual({ productId: 123, ref: 'K7M2QX9D' });
    // A product parameter only has to begin with the token; a payment result may stand anywhere.
    expect(parseStartParams('productId_12_from_channel')).toEqual({ productId: 12 });
    expect(parseStartParams('ref_payment_fail__abcdef12')).toEqual({
      payment: { outcome: 'fail', guid: 'abcdef12' },
    });
    expect(parseStartParams('xproductId_1')).toEqual({});
    expect(parseStartParams('productId_0')).toEqual({});
    expect(parseStartParams('productId_99999999999')).toEqual({});
    expect(parseStartParams('payment_success')).toEqual({});
    expect(parseStartParams('ref_a')).toEqual({});
    expect(parseStartParams('x'.repeat(600))).toEqual({});
    expect(parseStartParams(undefined)).toEqual({});
  });

  it('builds what it parses', () => {
    const params = {
      productId: 5,
      ref: 'K7M2QX9D',
      payment: { outcome: 'fail' as const, guid: 'abcdef12-34' },
    };
    expect(parseStartParams(buildStartParam(params))).toEqual(params);
    expect(miniAppLink('shop_bot', 'shop', { productId: 5 })).toBe(
      'https://t.me/shop_bot/shop?startapp=productId_5',
    );
    expect(miniAppLink('shop_bot', 'shop', {})).toBe('https://t.me/shop_bot/shop');
  });
});
