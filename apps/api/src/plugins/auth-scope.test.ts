// The signed-in scope (app.ts): every route the OpenAPI document marks with bearer security
// answers 401 without a token, and every route it leaves open does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Operation = { security?: { bearer: string[] }[] };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

describe('authentication once per scope', () => {
  it('secures exactly the routes the document says, and the document covers the shopper routes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<OpenApi>();
    const secured: string[] = [];
    const open: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
        const isSecured = JSON.stringify(op.security) === JSON.stringify([{ bearer: [] }]);
        (isSecured ? secured : open).push(`${method.toUpperCase()} ${path}`);
        if (isSecured) {
          expect(res.statusCode, `${method} ${path}`).toBe(401);
          expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
        } else {
          expect(res.statusCode, `${method} ${path}`).not.toBe(401);
        }
      }
    }
    expect(secured).toEqual(
      expect.arrayContaining([
        'GET /api/v1/cart',
        'POST /api/v1/order',
        'GET /api/v1/order/payment_url/{id}',
        'GET /api/v1/payment/status',
        'PUT /api/v1/passport',
        'GET /api/v1/delivery',
        'GET /api/v1/favorites',
        'GET /api/v1/profile',
      ]),
    );
    expect(open).toEqual(
      expect.arrayContaining([
        'POST /api/v1/payment/webhook',
        'POST /api/v1/tg/auth',
        'GET /api/v1/categories',
      ]),
    );
  });
});
