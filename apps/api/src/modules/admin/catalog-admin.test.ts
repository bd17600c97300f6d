// The console's catalogue edits over HTTP: prices, stock and texts reach the shop's own product
// card; imports with a dry run; roles.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { addStaff, waitForImportJob } from '../../test/console-kit.ts';
import { demoCatalog } from '../catalog/demo/demo-catalog.ts';

const owner = makeTelegramUser();
const viewer = makeTelegramUser();
let t: TestApp;
let ownerAuth: string;
let viewerAuth: string;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
  viewerAuth = await addStaff(t.app, ownerAuth, viewer, 'viewer');
});
afterAll(() => t.close());

const send = (method: 'PATCH' | 'POST', url: string, authorization: string, payload: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization },
    payload: payload as object,
  });

type ProductJson = {
  title: string;
  description: string;
  price: number;
  variants: { id: number; price: number; qty: number }[];
};
const shopProduct = async (id: number) =>
  (await t.app.inject({ url: `/api/v1/product/${id}` })).json<{ result: ProductJson }>().result;

describe('catalogue in the console', () => {
  it("an owner sets a variant's price and stock and a product's texts; the shop shows them; a viewer may not", async () => {
    const { product, variants } = await insertProduct(t.app.db, { variants: [{ price: 5000, qty: 2 }] });
    // A stock set carries the version the editor read (GET /admin/products/{id}).
    const read = await t.app.inject({
      url: `/api/v1/admin/products/${product.id}`,
      headers: { authorization: ownerAuth },
    });
    const { version } = read.json<{ result: { variants: { version: number }[] } }>().result.variants[0]!;
    const variant = await send('PATCH', `/variants/${variants[0]!.id}`, ownerAuth, {
      price: 4500,
      qty: 7,
      version,
    });
    expect(variant.statusCode).toBe(200);
    expect(variant.json()).toMatchObject({
      result: { id: variants[0]!.id, product_id: product.id, price: 4500, qty: 7 },
    });
    const titled = await send('PATCH', `/products/${product.id}`, ownerAuth, {
      title: 'Кеды парусиновые',
      description: 'Лёгкие летние кеды',
    });
    expect(titled.json()).toMatchObject({
      result: { id: product.id, title: 'Кеды парусиновые', is_published: true },
    });

    const shown = await shopProduct(product.id);
    expect(shown).toMatchObject({
      title: 'Кеды парусиновые',
      description: 'Лёгкие летние кеды',
      price: 4500,
    });
    expect(shown.variants[0]).toMatchObject({ price: 4500, qty: 7 });
    const [found] = await queryRows<{ id: number }>(
      t.app.db,
      sql`select id from products where search @@ plainto_tsquery('russian', 'парусиновые')`,
    );
    expect(found?.id).toBe(product.id);

    const hide = await send('PATCH', `/products/${product.id}`, ownerAuth, { is_published: 'нет' });
    expect(hide.statusCode).toBe(400);
    expect((await send('PATCH', `/variants/${variants[0]!.id}`, ownerAuth, {})).statusCode).toBe(400);
    expect((await send('PATCH', `/variants/${variants[0]!.id}`, ownerAuth, { price: -1 })).statusCode).toBe(
      400,
    );
    const refused = await send('PATCH', `/variants/${variants[0]!.id}`, viewerAuth, { qty_delta: -7 });
    expect(refused.statusCode).toBe(403);
    expect((await shopProduct(product.id)).variants[0]!.qty).toBe(7);
  });

  it('an import dry run counts without writing; a file with errors is not applied; a good one is', async () => {
    const count = async () =>
      Number((await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from products`))[0]!.n);
    const before = await count();
    const file = JSON.parse(JSON.stringify(demoCatalog(3))) as { products: Record<string, unknown>[] };

    const dry = await send('POST', '/catalog/import?dry_run=1', ownerAuth, file);
    expect(dry.statusCode).toBe(200);
    const checked = dry.json<{ result: { changes: { entity: string; action: string; name: string }[] } }>();
    expect(checked).toMatchObject({
      result: { dry_run: true, created: 3, updated: 0, errors: [], changes_more: 0 },
    });
    // The dry run names the three new products among what it would create.
    expect(
      checked.result.changes.filter((c) => c.entity === 'product').map((c) => [c.action, c.name]),
    ).toEqual(file.products.map((p) => ['create', p.title]));
    expect(await count()).toBe(before);

    const broken = JSON.parse(JSON.stringify(file)) as typeof file;
    broken.products[1]!.title = '';
    const withErrors = await send('POST', '/catalog/import', ownerAuth, broken);
    expect(withErrors.json()).toMatchObject({
      result: {
        dry_run: false,
        created: 2,
        updated: 0,
        errors: [{ path: 'products[1].title', message: 'не может быть пустым' }],
      },
    });
    expect(await count()).toBe(before);

    // Applying runs as a job (import-jobs.test.ts): its id at once, its outcome when done.
    const applied = await send('POST', '/catalog/import', ownerAuth, file);
    expect(applied.statusCode).toBe(202);
    const job = await waitForImportJob(
      t.app,
      applied.json<{ result: { id: number } }>().result.id,
      ownerAuth,
    );
    expect(job).toMatchObject({ status: 'done', created: 3, updated: 0, errors: [] });
    expect(await count()).toBe(before + 3);
    expect((await send('POST', '/catalog/import?dry_run=1', viewerAuth, file)).statusCode).toBe(403);

    const audit = await t.app.inject({ url: '/api/v1/admin/audit', headers: { authorization: ownerAuth } });
    const actions = audit
      .json<{ result: { entries: { action: string }[] } }>()
      .result.entries.map((e) => e.action);
    expect(actions.filter((a) => a === 'catalog.import')).toHaveLength(1);
    expect(actions).toEqual(expect.arrayContaining(['variant.update', 'product.update', 'staff.add']));
  });
});
