// The open-find-request cap (MAX_OPEN_REQUESTS per shopper) holds under concurrency across two API
// instances on one PostgreSQL (issue 25): 30 requests at once, split over both, make at most the
// cap. Without the per-shopper lock in createFindRequest both instances' transactions counted the
// same committed rows and each inserted. PostgreSQL only: embedded PGlite runs one query at a time.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { findRequests, users } from '../db/schema/index.ts';
import { MAX_OPEN_REQUESTS } from '../modules/find/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../test/app.ts';
import { createTestDatabase, testDatabaseUrl } from '../test/database.ts';

let database: DatabaseHandle & { url?: string };
let secondPool: DatabaseHandle;
let a: TestApp;
let b: TestApp;

describe.skipIf(!testDatabaseUrl())('find requests across two instances', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    secondPool = await openDatabase({ url: database.url!, maxConnections: 10 });
    a = await buildTestApp({}, { database, jobs: false });
    b = await buildTestApp({}, { database: secondPool, jobs: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await secondPool?.close();
    await database?.close();
  });

  it('30 concurrent find requests across two instances never exceed the cap', async () => {
    const shopper = makeTelegramUser();
    const authorization = await login(a.app, shopper);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? a : b).app.inject({
          method: 'POST',
          url: '/api/v1/find/requests',
          headers: { authorization },
          payload: { source: 'link', url: `https://dw4.co/t/A/Cap${i}` },
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_OPEN_REQUESTS);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
    const [user] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.telegramId, shopper.id));
    const rows = await database.db.select().from(findRequests).where(eq(findRequests.userId, user!.id));
    expect(rows).toHaveLength(MAX_OPEN_REQUESTS);
  });
});
