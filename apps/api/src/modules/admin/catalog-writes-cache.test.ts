// Console catalogue writes drop this instance's facets cache: a product hidden, a variant's stock
// or price changed, a catalogue imported show at once in the listing and its facets, although
// the same selection was answered (and cached) a moment before.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { demoCatalog } from '../catalog/demo/demo-catalog.ts';
import { waitForImportJob } from '../../test/console-kit.ts';

const owner = makeTelegramUser();
let t: TestApp;
let ownerAuth: string;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
});
afterAll(() => t.close());

const admin = (method: 'PATCH' | 'POST', url: string, payload: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization: ownerAuth },
    payload: payload as object,
  });

type Facets = { total: number };
const facets = async (query: string) =>
  (await t.app.inject({ url: `/api/v2/product/filters?${query}` })).json<{ result: Facets }>().result;
const cards = async (query: string) =>
  (await t.app.inject({ url: `/api/v2/product?${query}` })).json<{
    result: { products: { id: number; price: number; in_stock: boolean }[] };
  }>().result.products;

describe('catalogue writes and the facets cache', () => {
  it('a hidden product, a new price and stock show at once in the listing and the facets', async () => {
    const a = await insertProduct(t.app.db, { variants: [{ price: 3000, qty: 2 }] });
    const b = await insertProduct(t.app.db, { variants: [{ price: 4000, qty: 2 }] });
    await t.app.db.execute(
      sql`update products set category_ids = '{9902}' where id in (${a.product.id}, ${b.product.id})`,
    );
    const query = 'category_ids=9902';
    expect((await facets(query)).total).toBe(2);

    const hidden = await admin('PATCH', `/products/${a.product.id}`, { is_published: false });
    expect(hidden.statusCode).toBe(200);
    expect((await facets(query)).total).toBe(1);

    expect((await admin('PATCH', `/products/${a.product.id}`, { is_published: true })).statusCode).toBe(200);
    expect((await facets(query)).total).toBe(2);
    const priced = await admin('PATCH', `/variants/${a.variants[0]!.id}`, { price: 2500, qty_delta: -2 });
    expect(priced.statusCode).toBe(200);
    expect((await cards(query)).find((c) => c.id === a.product.id)).toMatchObject({
      price: 2500,
      in_stock: false,
    });
    expect((await facets(query)).total).toBe(2);
  });

  it('an applied import shows at once in the facets', async () => {
    const before = (await facets('')).total;
    const file = demoCatalog(4);
    expect((await admin('POST', '/catalog/import?dry_run=1', file)).statusCode).toBe(200);
    expect((await facets('')).total).toBe(before);
    await applyImport(file);
    expect((await facets('')).total).toBe(before + 4);
  });
});

async function applyImport(file: unknown) {
  const res = await admin('POST', '/catalog/import', file);
  expect(res.statusCode, res.body).toBe(202);
  const job = await waitForImportJob(t.app, res.json<{ result: { id: number } }>().result.id, ownerAuth);
  expect(job.status).toBe('done');
}
