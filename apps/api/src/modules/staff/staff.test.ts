// Owners come from the environment: ADMIN_TELEGRAM_IDS at start-up, the demo shopper with the dev
// login; an owner dropped from the list loses the role at the next start; env owners are locked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { loadEnv } from '../../env.ts';
import { login, makeTelegramUser, testEnv } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { DEMO_SHOPPER } from '../dev/dev.routes.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const me = async (env: Parameters<typeof testEnv>[0], user: ReturnType<typeof makeTelegramUser>) => {
  const app = await buildApp({ env: testEnv(env), database, logger: false });
  try {
    const authorization = await login(app, user);
    const res = await app.inject({ url: '/api/v1/admin/me', headers: { authorization } });
    return { status: res.statusCode, body: res.json<unknown>() };
  } finally {
    await app.close();
  }
};

describe('owners from the environment', () => {
  it('reads ADMIN_TELEGRAM_IDS as a list of ids and refuses anything else', async () => {
    const env = await loadEnv({ DATA_DIR: '/tmp/staff-env-test', ADMIN_TELEGRAM_IDS: ' 12345, 678 ,12345' });
    expect(env.adminTelegramIds).toEqual([12345, 678]);
    expect(env.botCanSend).toBe(false);
    await expect(loadEnv({ DATA_DIR: '/tmp/staff-env-test', ADMIN_TELEGRAM_IDS: '12a' })).rejects.toThrow(
      /ADMIN_TELEGRAM_IDS/,
    );
    expect((await loadEnv({ DATA_DIR: '/tmp/staff-env-test', BOT_TOKEN: '1:abcdefghij' })).botCanSend).toBe(
      true,
    );
  });

  it('makes them owners at start-up, and drops one no longer listed at the next start', async () => {
    const boss = makeTelegramUser();
    expect(await me({ adminTelegramIds: [boss.id] }, boss)).toEqual({
      status: 200,
      body: { result: { telegram_id: boss.id, role: 'owner' } },
    });
    expect((await me({ adminTelegramIds: [] }, boss)).status).toBe(403);
  });

  it('with the dev login the demo shopper owns the demo shop', async () => {
    const demo = { ...DEMO_SHOPPER };
    expect(await me({ devLogin: true }, demo)).toEqual({
      status: 200,
      body: { result: { telegram_id: DEMO_SHOPPER.id, role: 'owner' } },
    });
  });

  it('an owner named by the environment cannot be demoted or removed in the console', async () => {
    const boss = makeTelegramUser();
    const other = makeTelegramUser();
    const app = await buildApp({
      env: testEnv({ adminTelegramIds: [boss.id, other.id] }),
      database,
      logger: false,
    });
    try {
      const authorization = await login(app, boss);
      const demote = await app.inject({
        method: 'POST',
        url: '/api/v1/admin/staff',
        headers: { authorization },
        payload: { telegram_id: other.id, role: 'viewer' },
      });
      expect(demote.statusCode).toBe(409);
      const remove = await app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/staff/${other.id}`,
        headers: { authorization },
      });
      expect(remove.statusCode).toBe(409);
      const bad = await app.inject({
        method: 'POST',
        url: '/api/v1/admin/staff',
        headers: { authorization },
        payload: { telegram_id: -5, role: 'king' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'bad_request' } });
    } finally {
      await app.close();
    }
  });
});
