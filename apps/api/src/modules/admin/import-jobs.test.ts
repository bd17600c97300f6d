// Applying an import from the console is a job: the request answers its id at once (202), GET
// shows progress and the outcome; a job is claimed by one runner only; the route alone takes a
// large body.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { importJobs } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { demoCatalog } from '../catalog/demo/demo-catalog.ts';
import { waitForImportJob } from '../../test/console-kit.ts';
import { claimImportJob } from './import-jobs.ts';

const owner = makeTelegramUser();
let t: TestApp;
let ownerAuth: string;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
});
afterAll(() => t.close());

const products = async () =>
  Number((await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from products`))[0]!.n);

describe('catalogue import jobs', () => {
  it('answers the job at once, then shows it done with every product written', async () => {
    const before = await products();
    const file = demoCatalog(450);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/import',
      headers: { authorization: ownerAuth },
      payload: file,
    });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json<{ result: { id: number; status: string; total: number; done: number } }>().result;
    expect(queued).toMatchObject({ status: 'queued', total: 450, done: 0 });

    const job = await waitForImportJob(t.app, queued.id, ownerAuth);
    expect(job).toMatchObject({
      id: queued.id,
      status: 'done',
      total: 450,
      done: 450,
      created: 450,
      errors: [],
    });
    expect(job.started_at).not.toBeNull();
    expect(job.finished_at).not.toBeNull();
    expect(await products()).toBe(before + 450);

    // The same file again changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/import',
      headers: { authorization: ownerAuth },
      payload: file,
    });
    const second = await waitForImportJob(
      t.app,
      again.json<{ result: { id: number } }>().result.id,
      ownerAuth,
    );
    expect(second).toMatchObject({ status: 'done', done: 450, created: 0, updated: 0 });

    const missing = await t.app.inject({
      url: '/api/v1/admin/catalog/import/999999',
      headers: { authorization: ownerAuth },
    });
    expect(missing.statusCode).toBe(404);
    // Two imports of 450 products with their photo features: a minute on a busy 2-core machine,
    // so the bound (only against a hang) leaves it four.
  }, 240_000);

  it('a queued job is claimed by one runner only', async () => {
    const [row] = await t.app.db
      .insert(importJobs)
      .values({ file: { brands: [], categories: [], products: [] }, total: 0 })
      .returning();
    const claims = await Promise.all([
      claimImportJob(t.app.db),
      claimImportJob(t.app.db),
      claimImportJob(t.app.db),
    ]);
    expect(claims.filter((c) => c === row!.id)).toHaveLength(1);
    await t.app.db.execute(sql`update import_jobs set status = 'done' where id = ${row!.id}`);
  });

  it('takes a file larger than the default body limit on this route only', async () => {
    const big = demoCatalog(10);
    // Padding past the 256 KB default of every other route, well under the import's 20 MB.
    big.products[0]!.description = 'а'.repeat(3 * 1024 * 1024);
    const dry = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/import?dry_run=1',
      headers: { authorization: ownerAuth },
      payload: big,
    });
    expect(dry.statusCode).toBe(200);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/orders/1/notes',
      headers: { authorization: ownerAuth },
      payload: { text: 'а'.repeat(3 * 1024 * 1024) },
    });
    expect(elsewhere.statusCode).toBe(413);
  });
});
