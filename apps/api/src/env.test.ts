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
      PUBLIC_URL: 'https://shop.example.com',
      TRUST_PROXY: 'false',
      PAYMENT_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS: '1',
      DEV_LOGIN: '1',
    });
    expect(env.devLogin).toBe(false);
  });

  describe('production holes', () => {
    const production = {
      NODE_ENV: 'production',
      BOT_TOKEN: '123:abcdefghij',
      JWT_SECRET: 'x'.repeat(40),
      DATA_KEY: 'ab'.repeat(32),
      PUBLIC_URL: 'https://shop.example.com',
      TRUST_PROXY: '10.0.0.1',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '100500',
      YOOKASSA_SECRET_KEY: 'test_secret',
    };
    const without = (name: keyof typeof production) => {
      const { [name]: _dropped, ...rest } = production;
      return rest;
    };

    it('starts with every production setting given', async () => {
      const env = await loadEnv(production);
      expect(env).toMatchObject({
        isProduction: true,
        publicUrl: 'https://shop.example.com',
        trustProxy: ['10.0.0.1'],
      });
    });

    it('refuses the sandbox provider unless ALLOW_SANDBOX_PAYMENTS=1', async () => {
      await expect(loadEnv({ ...production, PAYMENT_PROVIDER: 'sandbox' })).rejects.toThrow(
        /^PAYMENT_PROVIDER=sandbox in production .*ALLOW_SANDBOX_PAYMENTS=1/,
      );
      await expect(
        loadEnv({ ...production, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: '0' }),
      ).rejects.toThrow(EnvError);
      const allowed = await loadEnv({
        ...production,
        PAYMENT_PROVIDER: 'sandbox',
        ALLOW_SANDBOX_PAYMENTS: '1',
      });
      expect(allowed.paymentProvider).toBe('sandbox');
    });

    it('refuses to start without PUBLIC_URL', async () => {
      await expect(loadEnv(without('PUBLIC_URL'))).rejects.toThrow(
        /^Missing environment variable PUBLIC_URL \(required when NODE_ENV=production/,
      );
    });

    it('refuses to start without a trusted proxy list, and never trusts everyone', async () => {
      await expect(loadEnv(without('TRUST_PROXY'))).rejects.toThrow(
        /^Missing environment variable TRUST_PROXY \(required when NODE_ENV=production/,
      );
      for (const everyone of ['true', '*', '1', '']) {
        await expect(loadEnv({ ...production, TRUST_PROXY: everyone }), everyone).rejects.toThrow(
          /^Invalid environment variable TRUST_PROXY/,
        );
      }
      expect((await loadEnv({ ...production, TRUST_PROXY: 'false' })).trustProxy).toBe(false);
      expect(
        (await loadEnv({ ...production, TRUST_PROXY: ' 10.0.0.0/8, ::1 ,fd00::/8' })).trustProxy,
      ).toEqual(['10.0.0.0/8', '::1', 'fd00::/8']);
    });

    it('in development needs none of them and trusts no proxy', async () => {
      const env = await loadEnv({ DATA_DIR: await tmp() });
      expect(env).toMatchObject({ publicUrl: undefined, trustProxy: false, paymentProvider: 'sandbox' });
    });
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
      PUBLIC_URL: 'https://shop.example.com',
      TRUST_PROXY: 'false',
      ALLOW_SANDBOX_PAYMENTS: '1',
    });
    expect(prod).toMatchObject({ imageHosts: [], seedDemo: false });
  });

  it('reads the role, the media store and load shedding (docs/operations.md)', async () => {
    const dir = await tmp();
    expect(await loadEnv({ DATA_DIR: dir })).toMatchObject({
      role: 'all',
      media: { kind: 'local' },
      pressure: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0, maxRssBytes: 0 },
    });
    const env = await loadEnv({
      DATA_DIR: dir,
      SHOP_ROLE: 'worker',
      MEDIA_STORE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:8333',
      S3_BUCKET: 'shop-media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
      PRESSURE_MAX_HEAP_MB: '512',
    });
    expect(env).toMatchObject({
      role: 'worker',
      media: {
        kind: 's3',
        endpoint: 'http://127.0.0.1:8333',
        region: 'us-east-1',
        bucket: 'shop-media',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
      pressure: { maxHeapUsedBytes: 512 * 1024 * 1024 },
    });
    await expect(loadEnv({ DATA_DIR: dir, MEDIA_STORE: 's3' })).rejects.toThrow(
      new EnvError('Missing environment variable S3_BUCKET (required when MEDIA_STORE=s3)'),
    );
    await expect(
      loadEnv({ DATA_DIR: dir, MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }),
    ).rejects.toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    await expect(loadEnv({ DATA_DIR: dir, SHOP_ROLE: 'api' })).rejects.toThrow(/SHOP_ROLE/);
  });
});
