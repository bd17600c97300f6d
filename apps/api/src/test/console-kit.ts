// Helpers of the console and bot tests: shoppers with known Telegram ids, orders paid through the
// sandbox payment page over HTTP.
import type { AdminImportJob } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { TelegramUser } from '../modules/auth/init-data.ts';
import { login, makeTelegramUser } from './app.ts';
import { ADDRESS, insertProduct, PASSPORT } from './fixtures.ts';

export type Shopper = { user: TelegramUser; authorization: string; deliveryId: number };

/** Makes `member` staff with `role` (POST /admin/staff by the owner) and signs them in. */
export async function addStaff(
  app: FastifyInstance,
  ownerAuthorization: string,
  member: TelegramUser,
  role: 'manager' | 'viewer',
): Promise<string> {
  const authorization = await login(app, member);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/staff',
    headers: { authorization: ownerAuthorization },
    payload: { telegram_id: member.id, role },
  });
  if (res.statusCode !== 200) throw new Error(`POST /admin/staff ${res.statusCode}: ${res.body}`);
  return authorization;
}

export async function shopper(
  app: FastifyInstance,
  user: TelegramUser = makeTelegramUser(),
): Promise<Shopper> {
  const authorization = await login(app, user);
  const passport = await app.inject({
    method: 'PUT',
    url: '/api/v1/passport',
    headers: { authorization },
    payload: PASSPORT,
  });
  if (passport.statusCode !== 200) throw new Error(`passport: ${passport.body}`);
  const address = await app.inject({
    method: 'POST',
    url: '/api/v1/delivery',
    headers: { authorization },
    payload: ADDRESS,
  });
  if (address.statusCode !== 201) throw new Error(`delivery: ${address.body}`);
  return { user, authorization, deliveryId: address.json<{ result: { id: number } }>().result.id };
}

let keySeq = 0;

/** Places an order of one unit and returns its id (awaiting payment). */
export async function placeOrder(app: FastifyInstance, s: Shopper, { price = 1500, qty = 5 } = {}) {
  const { product, variants } = await insertProduct(app.db, { variants: [{ price, qty }] });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { authorization: s.authorization, 'idempotency-key': `console-test-${process.pid}-${++keySeq}` },
    payload: {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
      delivery_id: s.deliveryId,
    },
  });
  if (res.statusCode !== 200 && res.statusCode !== 201)
    throw new Error(`order: ${res.statusCode} ${res.body}`);
  return { orderId: res.json<{ result: { id: number } }>().result.id, variantId: variants[0]!.id };
}

/** Opens the order's payment link and presses «Оплатить» on the sandbox page. */
export async function payInSandbox(app: FastifyInstance, s: Shopper, orderId: number): Promise<void> {
  const link = await app.inject({
    url: `/api/v1/order/payment_url/${orderId}`,
    headers: { authorization: s.authorization },
  });
  if (link.statusCode !== 200) throw new Error(`payment_url: ${link.body}`);
  const path = new URL(link.json<{ result: { url: string } }>().result.url).pathname;
  const res = await app.inject({
    method: 'POST',
    url: `${path}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  if (res.statusCode !== 303) throw new Error(`sandbox pay: ${res.statusCode} ${res.body}`);
}

export async function placeAndPay(
  app: FastifyInstance,
  s: Shopper,
  options?: { price?: number; qty?: number },
) {
  const placed = await placeOrder(app, s, options);
  await payInSandbox(app, s, placed.orderId);
  return placed;
}

/** Polls GET /admin/catalog/import/{id} until the job is done or failed (5 s at most). */
export async function waitForImportJob(app: FastifyInstance, id: number, authorization: string) {
  // Patient on a busy machine: the job runs in the background of the same process.
  for (const deadline = Date.now() + 90_000; Date.now() < deadline;) {
    const res = await app.inject({ url: `/api/v1/admin/catalog/import/${id}`, headers: { authorization } });
    const job = res.json<{ result: AdminImportJob }>().result;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import job ${id} did not finish in 90 s`);
}
