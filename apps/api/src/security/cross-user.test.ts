// The cross-user suite (issue 14, Deliver 4): for every user-scoped resource, another shopper who
// knows its id gets 404 on every read and write of it, and the owner's data is unchanged after.
// One table entry per resource, programmes (bonus, referral invites, blogger data) and find
// requests included.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bloggerLedger, bloggers, bonusLedger } from '../db/schema/index.ts';
import { signIn } from '../test/programmes-kit.ts';
import { buildTestApp, callAs, login, makeTelegramUser, testEnv, type TestApp } from '../test/app.ts';
import { ADDRESS, insertProduct, makeInn, PASSPORT, readyShopper } from '../test/fixtures.ts';

type Call = ReturnType<typeof callAs>;
type Method = Parameters<Call>[0];
/** A request the intruder tries: method, URL and body built from the owner's resource handle. */
type Attempt = [Method, string, object?];

type Resource = {
  name: string;
  /** Creates the resource as `owner`; returns whatever the attempts and the check need. */
  create: (app: FastifyInstance, owner: string) => Promise<Record<string, number | string>>;
  /** What the intruder tries; each must answer 404. */
  attempts: (h: Record<string, number | string>) => Attempt[];
  /** The owner's view of the resource, or several (compared before and after). */
  snapshot: (call: Call, owner: string, h: Record<string, number | string>) => Promise<unknown>;
  /** Reads by the intruder that answer 200 with the intruder's own (empty) data, never the owner's. */
  ownViews?: (h: Record<string, number | string>) => string[];
  /** Makes the intruder the same kind of user as the owner (an approved blogger), when ids need it. */
  intruderSetup?: (app: FastifyInstance, intruder: string) => Promise<void>;
  /** More texts of the owner's that the intruder's own views must not show. */
  markers?: string[];
};

let t: TestApp;
let product: { id: number; variants: number[] };
const shopOwner = makeTelegramUser();
let shopOwnerAuth: string;

const result = <T>(res: { statusCode: number; body: string }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return (JSON.parse(res.body) as { result: T }).result;
};
const userIdOf = async (app: FastifyInstance, auth: string) =>
  result<{ user_id: number }>(await callAs(app)('GET', '/api/v1/blogger', auth)).user_id;

/** Applies as a blogger (topic and extra fields given) and has the shop owner approve; returns the blogger id. */
async function approvedBlogger(app: FastifyInstance, auth: string, topic = 'Кроссовки') {
  const application = await callAs(app)('POST', '/api/v1/blogger/application', auth, {
    platform: 'telegram',
    url: 'https://t.me/cross_user_blog',
    followers: 12000,
    topic,
    contact: '@cross',
    offer_accepted: true,
    marking_ack: true,
    promo_code: `CROSS${Math.floor(Math.random() * 900_000 + 100_000)}`,
  });
  const { id } = result<{ id: number }>(application, 201);
  result(
    await callAs(app)('POST', `/api/v1/admin/bloggers/${id}/approve`, shopOwnerAuth, {
      commission_percent: 5,
    }),
  );
  const [row] = await app.db
    .select({ id: bloggers.id })
    .from(bloggers)
    .where(eq(bloggers.userId, await userIdOf(app, auth)));
  return row!.id;
}

const body = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res;
  return { status: r.statusCode, body: JSON.parse(r.body) as unknown };
};

const RESOURCES: Resource[] = [
  {
    name: 'delivery addresses',
    create: async (app, owner) => {
      const res = await callAs(app)('POST', '/api/v1/delivery', owner, { ...ADDRESS, city: 'Владельцево' });
      return { id: res.json<{ result: { id: number } }>().result.id };
    },
    attempts: ({ id }) => [
      ['PUT', `/api/v1/delivery/${id}`, { ...ADDRESS, city: 'Взломск' }],
      ['DELETE', `/api/v1/delivery/${id}`],
    ],
    snapshot: (call, owner) => body(call('GET', '/api/v1/delivery', owner)),
    ownViews: () => ['/api/v1/delivery'],
  },
  {
    name: 'cart lines',
    create: async (app, owner) => {
      await callAs(app)('POST', '/api/v1/cart', owner, {
        product_id: product.id,
        variant_id: product.variants[0]!,
        quantity: 2,
      });
      return { variant: product.variants[0]! };
    },
    attempts: ({ variant }) => [
      ['PATCH', `/api/v1/cart/${variant}`, { quantity: 5 }],
      ['DELETE', `/api/v1/cart/${variant}`],
    ],
    snapshot: (call, owner) => body(call('GET', '/api/v1/cart', owner)),
    ownViews: () => ['/api/v1/cart', '/api/v1/cart/len'],
  },
  {
    name: 'favourites',
    create: async (app, owner) => {
      await callAs(app)('POST', '/api/v1/favorites', owner, {
        product_id: product.id,
        variant_id: product.variants[1]!,
      });
      return { product: product.id };
    },
    attempts: ({ product: id }) => [['DELETE', `/api/v1/favorites/${id}`]],
    snapshot: (call, owner) => body(call('GET', '/api/v1/favorites', owner)),
    ownViews: () => ['/api/v1/favorites'],
  },
  {
    name: 'passport data',
    create: async (app, owner) => {
      await callAs(app)('PUT', '/api/v1/passport', owner, { ...PASSPORT, last_name: 'Владельцева' });
      return {};
    },
    // Passport data has no id to guess: the intruder's reads show only the intruder's (none).
    attempts: () => [],
    snapshot: (call, owner) => body(call('GET', '/api/v1/passport?reveal=1', owner)),
    ownViews: () => ['/api/v1/passport', '/api/v1/passport?reveal=1'],
  },
  {
    name: 'orders',
    create: async (app) => {
      const { authorization, deliveryId } = await readyShopper(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: { authorization, 'idempotency-key': `cross-user-${Date.now()}` },
        payload: {
          items: [{ product_id: product.id, variant_id: product.variants[0]!, quantity: 1 }],
          delivery_id: deliveryId,
        },
      });
      return { id: res.json<{ result: { id: number } }>().result.id, owner: authorization };
    },
    attempts: ({ id }) => [
      ['GET', `/api/v1/order/detail/${id}`],
      ['GET', `/api/v1/order/payment_url/${id}`],
    ],
    snapshot: (call, _owner, h) => body(call('GET', `/api/v1/order/detail/${h.id}`, String(h.owner))),
    ownViews: () => ['/api/v1/order/detail', '/api/v1/order/detail/active'],
  },
  {
    name: 'payments',
    create: async (app) => {
      const { authorization, deliveryId } = await readyShopper(app);
      const order = await app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: { authorization, 'idempotency-key': `cross-pay-${Date.now()}` },
        payload: {
          items: [{ product_id: product.id, variant_id: product.variants[1]!, quantity: 1 }],
          delivery_id: deliveryId,
        },
      });
      const id = order.json<{ result: { id: number } }>().result.id;
      const link = await callAs(app)('GET', `/api/v1/order/payment_url/${id}`, authorization);
      return {
        guid: link.json<{ result: { transaction_guid: string } }>().result.transaction_guid,
        owner: authorization,
      };
    },
    attempts: ({ guid }) => [['GET', `/api/v1/payment/status?transaction_guid=${guid}`]],
    snapshot: (call, _owner, h) =>
      body(call('GET', `/api/v1/payment/status?transaction_guid=${h.guid}`, String(h.owner))),
  },
  {
    name: 'bonus account and history',
    create: async (app, owner) => {
      const userId = await userIdOf(app, owner);
      await app.db.insert(bonusLedger).values({
        userId,
        kind: 'adjust',
        amount: 4321,
        status: 'available',
        expiresAt: new Date(Date.now() + 90 * 86_400_000),
        note: 'Владельцева',
        idemKey: `cross-user:bonus:${userId}`,
      });
      return {};
    },
    // Bonus lines have no id of their own in the API: the intruder's views show only their own (none).
    attempts: () => [],
    snapshot: async (call, owner) => [
      await body(call('GET', '/api/v1/bonus', owner)),
      await body(call('GET', '/api/v1/bonus/history', owner)),
    ],
    ownViews: () => ['/api/v1/bonus', '/api/v1/bonus/history'],
    markers: ['4321'],
  },
  {
    name: 'referral invites',
    create: async (app, owner) => {
      const { code } = result<{ code: string }>(await callAs(app)('GET', '/api/v1/referral', owner));
      await signIn(app, makeTelegramUser({ first_name: 'Владельцева' }), `ref_${code}`);
      const history = result<{ items: { id: number }[] }>(
        await callAs(app)('GET', '/api/v1/referral/history', owner),
      );
      expect(history.items).toHaveLength(1);
      return { id: history.items[0]!.id };
    },
    attempts: ({ id }) => [
      ['GET', `/api/v1/referral/invites/${id}`],
      ['POST', `/api/v1/referral/invites/${id}/seen`],
      ['DELETE', `/api/v1/referral/invites/${id}`],
    ],
    snapshot: async (call, owner, h) => [
      await body(call('GET', '/api/v1/referral/history', owner)),
      await body(call('GET', `/api/v1/referral/invites/${h.id}`, owner)),
    ],
    ownViews: () => ['/api/v1/referral', '/api/v1/referral/history', '/api/v1/referral/unseen-reward'],
  },
  {
    name: 'blogger application and payouts',
    create: async (app, owner) => {
      const bloggerId = await approvedBlogger(app, owner, 'Владельцево');
      // Earned commission to withdraw (the order flow that earns it is the programmes suite's).
      await app.db.insert(bloggerLedger).values({
        bloggerId,
        kind: 'commission',
        amount: 3000,
        status: 'posted',
        idemKey: `cross-user:commission:${bloggerId}`,
      });
      const payout = await app.inject({
        method: 'POST',
        url: '/api/v1/blogger/payouts',
        headers: { authorization: owner, 'idempotency-key': `cross-user-payout-${bloggerId}` },
        payload: {
          amount: 1000,
          method: 'card',
          card: '4111 1111 1111 1111',
          full_name: 'Владельцева Анна',
          tax_status: 'self_employed',
          inn: makeInn('7707083893'),
          save_details: true,
        },
      });
      return { id: result<{ id: number }>(payout, 201).id };
    },
    intruderSetup: async (app, intruder) => {
      await approvedBlogger(app, intruder);
    },
    attempts: ({ id }) => [['DELETE', `/api/v1/blogger/payouts/${id}`]],
    snapshot: async (call, owner) => [
      await body(call('GET', '/api/v1/blogger', owner)),
      await body(call('GET', '/api/v1/blogger/payouts', owner)),
    ],
    ownViews: () => [
      '/api/v1/blogger',
      '/api/v1/blogger/payouts',
      '/api/v1/blogger/stats',
      '/api/v1/blogger/commissions',
    ],
    markers: ['1111'],
  },
  {
    name: 'blogger picks',
    create: async (app, owner) => {
      await approvedBlogger(app, owner);
      const set = await callAs(app)('PUT', '/api/v1/blogger/picks', owner, {
        items: [{ product_id: product.id, comment: 'Владельцева носит' }],
      });
      result(set);
      return {};
    },
    intruderSetup: async (app, intruder) => {
      await approvedBlogger(app, intruder);
    },
    // Picks have no id but the product's: the intruder's picks are their own (none).
    attempts: () => [],
    snapshot: (call, owner) => body(call('GET', '/api/v1/blogger/picks', owner)),
    ownViews: () => ['/api/v1/blogger/picks'],
  },
  {
    name: 'find requests',
    create: async (app, owner) => {
      const created = await callAs(app)('POST', '/api/v1/find/requests', owner, {
        source: 'search',
        query: 'Владельцево Nike Dunk Low',
      });
      const { id } = result<{ id: number }>(created, 201);
      // Quoted by the shop, so that accepting it would put it in a cart.
      result(
        await callAs(app)('POST', `/api/v1/admin/find-requests/${id}/quote`, shopOwnerAuth, {
          price_cny: 500,
          weight_kg: 1,
        }),
      );
      return { id };
    },
    attempts: ({ id }) => [
      ['GET', `/api/v1/find/requests/${id}`],
      ['POST', `/api/v1/find/requests/${id}/accept`],
      ['POST', `/api/v1/find/requests/${id}/decline`],
    ],
    snapshot: async (call, owner, h) => [
      await body(call('GET', `/api/v1/find/requests/${h.id}`, owner)),
      await body(call('GET', '/api/v1/cart', owner)),
    ],
    ownViews: () => ['/api/v1/find/requests', '/api/v1/cart'],
  },
];

beforeAll(async () => {
  t = await buildTestApp({
    rateLimits: { ...testEnv().rateLimits, enabled: false },
    adminTelegramIds: [shopOwner.id],
  });
  shopOwnerAuth = await login(t.app, shopOwner);
  const inserted = await insertProduct(t.app.db, { variants: [{ qty: 50 }, { qty: 50 }] });
  product = { id: inserted.product.id, variants: inserted.variants.map((v) => v.id) };
});
afterAll(async () => {
  await t?.close();
});

let tried = 0;
describe('another shopper cannot see or change a shopper’s data', () => {
  for (const resource of RESOURCES) {
    it(resource.name, async () => {
      const call = callAs(t.app);
      const owner = await login(t.app);
      const intruder = await login(t.app);
      const handle = await resource.create(t.app, owner);
      await resource.intruderSetup?.(t.app, intruder);
      const before = await resource.snapshot(call, owner, handle);
      for (const view of [before].flat()) expect((view as { status: number }).status).toBe(200);

      for (const [method, url, payload] of resource.attempts(handle)) {
        const res = await call(method, url, intruder, payload);
        tried += 1;
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
      }
      // The intruder's own views show nothing of the owner's.
      const ownerText = JSON.stringify(before);
      for (const url of resource.ownViews?.(handle) ?? []) {
        const res = await call('GET', url, intruder);
        tried += 1;
        expect(res.statusCode, url).toBe(200);
        for (const marker of [
          'Владельцево',
          'Владельцева',
          String(handle.id ?? '§'),
          ...(resource.markers ?? []),
        ])
          if (ownerText.includes(marker) && marker.length > 3) expect(res.body, url).not.toContain(marker);
      }
      expect(await resource.snapshot(call, owner, handle)).toEqual(before);
    });
  }

  afterAll(() =>
    console.log(`cross-user: ${RESOURCES.length} resources, ${tried} intruder requests, all 404 or own data`),
  );
});
