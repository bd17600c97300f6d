import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEV_BOT_TOKEN, EnvError, loadEnv } from './env.ts';

const tmp = () => mkdtemp(path.join(tmpdir(), 'shop-env-'));

describe('loadEnv', () => {
  it('gives npm start its defaults: dev login, a dev bot token and a JWT secret kept in DATA_DIR', async () => {
    const dir = await tmp();
    const env = await loadEnv({ DATA_DIR: dir });
    expect(env).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      devLogin: true,
      botToken: DEV_BOT_TOKEN,
      authMaxAgeS: 3600,
    });
    expect(await readFile(path.join(dir, 'jwt-secret'), 'utf8')).toBe(env.jwtSecret);
    expect((await loadEnv({ DATA_DIR: dir })).jwtSecret).toBe(env.jwtSecret);
  });

  it('lets every variable set in the environment win', async () => {
    const env = await loadEnv({
      DATA_DIR: await tmp(),
      PORT: '9000',
      BOT_TOKEN: '123:abcdefghij',
      JWT_SECRET: 'x'.repeat(40),
      DEV_LOGIN: '0',
    });
    expect(env).toMatchObject({
      port: 9000,
      botToken: '123:abcdefghij',
      jwtSecret: 'x'.repeat(40),
      devLogin: false,
    });
  });

  it('stops production start-up with one line naming the missing setting', async () => {
    await expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).rejects.toThrow(
      new EnvError('Missing environment variable BOT_TOKEN (required when NODE_ENV=production)'),
    );
    await expect(loadEnv({ NODE_ENV: 'production', BOT_TOKEN: '123:abcdefghij' })).rejects.toThrow(
      /JWT_SECRET/,
    );
  });

  it('never enables dev login in production', async () => {
    const env = await loadEnv({
      NODE_ENV: 'production',
      BOT_TOKEN: '123:abcdefghij',
      JWT_SECRET: 'x'.repeat(40),
      DATA_KEY: 'ab'.repeat(32),
      DEV_LOGIN: '1',
    });
    expect(env.devLogin).toBe(false);
  });

  it('requires a well-formed DATA_KEY in production and keeps a generated one in DATA_DIR otherwise', async () => {
    await expect(
      loadEnv({ NODE_ENV: 'production', BOT_TOKEN: '123:abcdefghij', JWT_SECRET: 'x'.repeat(40) }),
    ).rejects.toThrow(/DATA_KEY/);
    await expect(loadEnv({ DATA_DIR: await tmp(), DATA_KEY: 'too-short' })).rejects.toThrow(/DATA_KEY/);
    const dir = await tmp();
    const env = await loadEnv({ DATA_DIR: dir });
    expect(env.dataKey).toHaveLength(32);
    expect((await loadEnv({ DATA_DIR: dir })).dataKey.equals(env.dataKey)).toBe(true);
    const given = await loadEnv({ DATA_DIR: dir, DATA_KEY: Buffer.alloc(32, 7).toString('base64') });
    expect(given.dataKey.equals(Buffer.alloc(32, 7))).toBe(true);
  });

  it('needs YooKassa credentials when PAYMENT_PROVIDER=yookassa', async () => {
    await expect(loadEnv({ DATA_DIR: await tmp(), PAYMENT_PROVIDER: 'yookassa' })).rejects.toThrow(
      /YOOKASSA_SHOP_ID/,
    );
    const env = await loadEnv({
      DATA_DIR: await tmp(),
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '100500',
      YOOKASSA_SECRET_KEY: 'test_secret',
    });
    expect(env.yookassa).toEqual({
      shopId: '100500',
      secretKey: 'test_secret',
      apiUrl: 'https://api.yookassa.ru/v3',
    });
  });

  it('names a malformed variable', async () => {
    await expect(loadEnv({ PORT: 'eighty' })).rejects.toThrow(/PORT/);
  });

  it('reads the catalogue settings: image hosts as a list, demo seeding off in production', async () => {
    const dir = await tmp();
    const dev = await loadEnv({ DATA_DIR: dir, IMAGE_HOSTS: ' cdn.poizon.com, Img.Example.org ,' });
    expect(dev).toMatchObject({ imageHosts: ['cdn.poizon.com', 'img.example.org'], seedDemo: true });
    expect((await loadEnv({ DATA_DIR: dir, SEED_DEMO: '0' })).seedDemo).toBe(false);
    const prod = await loadEnv({
      DATA_DIR: dir,
      NODE_ENV: 'production',
      BOT_TOKEN: '123:abcdefghij',
      JWT_SECRET: 'x'.repeat(40),
      DATA_KEY: 'ab'.repeat(32),
    });
    expect(prod).toMatchObject({ imageHosts: [], seedDemo: false });
  });
});
