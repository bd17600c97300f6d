import { describe, expect, it } from 'vitest';
import { ApiErrorSchema, HttpsUrlSchema, IdSchema, PastedLinkTextSchema, httpsUrlOf } from './common.ts';
import { TgAuthBodySchema } from './auth.ts';

describe('shared contract shapes', () => {
  it('accepts positive database ids from paths and query strings, and nothing else', () => {
    expect(IdSchema.parse('17')).toBe(17);
    for (const bad of ['-1', '0', '1.5', 'abc', '', '99999999999', '1e3x']) {
      expect(IdSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('describes errors as { error: { code, message, field? } }', () => {
    expect(ApiErrorSchema.safeParse({ error: { code: 'conflict', message: 'Нет в наличии' } }).success).toBe(
      true,
    );
    expect(ApiErrorSchema.safeParse({ error: { code: 'teapot', message: 'x' } }).success).toBe(false);
  });

  it('bounds the init data a client may send', () => {
    expect(TgAuthBodySchema.parse({ initData: 'a=1' }).initDataUnsafe).toEqual({});
    expect(TgAuthBodySchema.safeParse({ initData: '' }).success).toBe(false);
    expect(TgAuthBodySchema.safeParse({ initData: 'x'.repeat(10_000) }).success).toBe(false);
  });
});

describe('links from stored data: https only (docs/product.md §16)', () => {
  it('httpsUrlOf lets only absolute https URLs through', () => {
    expect(httpsUrlOf('https://dewu.com/product?spuId=1')).toBe('https://dewu.com/product?spuId=1');
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'http://a.ru', '/orders', '//evil.ru', 'https:', '', null]) {
      expect(httpsUrlOf(bad), String(bad)).toBeUndefined();
    }
  });

  it('HttpsUrlSchema upgrades http and refuses every other scheme', () => {
    expect(HttpsUrlSchema.parse('http://bank.ru/receipt/1')).toBe('https://bank.ru/receipt/1');
    expect(HttpsUrlSchema.safeParse('javascript:alert(1)').success).toBe(false);
    expect(HttpsUrlSchema.safeParse('ftp://x.ru/a').success).toBe(false);
  });

  it('PastedLinkTextSchema keeps share text, refuses a scriptable or non-https link', () => {
    const share = '【得物】Nike Dunk Low https://dw4.co/t/A/abc 复制此链接';
    expect(PastedLinkTextSchema.parse(share)).toBe(share);
    expect(PastedLinkTextSchema.parse('Nike: Air Force 1')).toBe('Nike: Air Force 1');
    for (const bad of ['javascript:alert(document.cookie)', 'JAVASCRIPT:x', 'data:text/html;base64,PHNjcmlwdD4=', 'ftp://x.ru/f']) {
      expect(PastedLinkTextSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
