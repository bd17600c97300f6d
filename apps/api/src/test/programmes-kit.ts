// Helpers of the programme suites: shoppers who arrive by a start link, orders of an exact amount
// paid through the sandbox page, the owner completing them in the console.
import type { FastifyInstance } from 'fastify';
import type { TelegramUser } from '../modules/auth/init-data.ts';
import { makeTelegramUser, signInitData } from './app.ts';
import { insertProduct, PASSPORT } from './fixtures.ts';
import { payInSandbox } from './console-kit.ts';

export type Buyer = { user: TelegramUser; authorization: string; deliveryId: number };

let phoneSeq = 1000;

/** Signs in through POST /tg/auth with a start parameter, as a Telegram link would. */
export async function signIn(app: FastifyInstance, user: TelegramUser, startParam?: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/tg/auth',
    payload: {
      initData: signInitData(user, startParam ? { extra: { start_param: startParam } } : {}),
      initDataUnsafe: {},
    },
  });
  if (res.statusCode !== 200) throw new Error(`auth: ${res.statusCode} ${res.body}`);
  return `Bearer ${res.json<{ result: string }>().result}`;
}

/** A shopper ready to order (passport, an address with a phone of their own). */
export async function buyer(
  app: FastifyInstance,
  startParam?: string,
  user = makeTelegramUser(),
): Promise<Buyer> {
  const authorization = await signIn(app, user, startParam);
  const passport = await app.inject({
    method: 'PUT',
    url: '/api/v1/passport',
    headers: { authorization },
    payload: PASSPORT,
  });
  if (passport.statusCode !== 200) throw new Error(`passport: ${passport.body}`);
  phoneSeq += 1;
  const address = await app.inject({
    method: 'POST',
    url: '/api/v1/delivery',
    headers: { authorization },
    payload: {
      city: 'Казань',
      address: 'ул. Баумана, д. 5',
      fio: user.first_name,
      last_name: 'Тестов',
      phone_number: `+7 (900) 000-${String(phoneSeq).slice(0, 2)}-${String(phoneSeq).slice(2, 4)}`,
      is_default: true,
    },
  });
  if (address.statusCode !== 201) throw new Error(`delivery: ${address.body}`);
  return { user, authorization, deliveryId: address.json<{ result: { id: number } }>().result.id };
}

let keySeq = 0;
export const newKey = () => `prog-test-${process.pid}-${Date.now()}-${++keySeq}`;

export type OrderJson = {
  id: number;
  status: string;
  total: number;
  discount: number;
  bonus_used: number;
  to_pay: number;
};

/** Places an order of one product at `price` with the programme fields; answers the raw response. */
export async function order(
  app: FastifyInstance,
  b: Buyer,
  price: number,
  extra: Record<string, unknown> = {},
) {
  const { product, variants } = await insertProduct(app.db, { variants: [{ price, qty: 50 }] });
  const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { authorization: b.authorization, 'idempotency-key': newKey() },
    payload: { items, delivery_id: b.deliveryId, ...extra },
  });
  return { res, items, product, variant: variants[0]! };
}

export async function placedOrder(
  app: FastifyInstance,
  b: Buyer,
  price: number,
  extra: Record<string, unknown> = {},
) {
  const { res, items } = await order(app, b, price, extra);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return { order: res.json<{ result: OrderJson }>().result, items };
}

export async function paidOrder(
  app: FastifyInstance,
  b: Buyer,
  price: number,
  extra: Record<string, unknown> = {},
) {
  const placed = await placedOrder(app, b, price, extra);
  await payInSandbox(app, { ...b }, placed.order.id);
  return placed;
}

export async function setStatus(app: FastifyInstance, ownerAuth: string, orderId: number, status: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/status`,
    headers: { authorization: ownerAuth },
    payload: { status },
  });
  if (res.statusCode !== 200) throw new Error(`status: ${res.statusCode} ${res.body}`);
}

export const get = async <T>(app: FastifyInstance, url: string, authorization: string): Promise<T> => {
  const res = await app.inject({ url, headers: { authorization } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ result: T }>().result;
};

export const send = (
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  authorization: string,
  payload?: object,
  headers: Record<string, string> = {},
) => app.inject({ method, url, headers: { authorization, ...headers }, ...(payload ? { payload } : {}) });
