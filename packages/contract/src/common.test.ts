import { describe, expect, it } from 'vitest';
import { ApiErrorSchema, IdSchema } from './common.ts';
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
