// Telegram start parameters (docs/product.md §2): `productId_{n}` opens the product drawer;
// `payment_success__{guid}` / `payment_fail__{guid}` go to payment-await once per value and ask
// older open instances of the app to close; `b_{PROMO}` (a blogger's link, bound by the server at
// sign-in) lands on that blogger's page.
import { paths } from '../lib/paths.ts';
import { parseStartParams } from '@shop/contract';
import { readJson, writeJson } from '../lib/storage.ts';

export type StartAction =
  | { type: 'product'; productId: number }
  | { type: 'payment'; guid: string; outcome: 'success' | 'fail' }
  | { type: 'blogger'; promo: string };

const HANDLED_KEY = 'shop/handled-start-params';
const HANDLED_LIMIT = 20;

export function parseStartParam(param: string | null | undefined): StartAction | null {
  const { productId, payment, blogger } = parseStartParams(param);
  if (productId !== undefined) return { type: 'product', productId };
  if (payment) return { type: 'payment', ...payment };
  if (blogger) return { type: 'blogger', promo: blogger };
  return null;
}

/**
 * True the first time a start parameter is seen, then false: per device for payment results
 * (local storage), per app session for products (session storage, so a reload does not reopen
 * a drawer the shopper closed).
 */
export function claimOnce(param: string, where: 'local' | 'session' = 'local'): boolean {
  const handled = readJson<string[]>(HANDLED_KEY, [], where);
  const list = Array.isArray(handled) ? handled : [];
  if (list.includes(param)) return false;
  writeJson(HANDLED_KEY, [...list, param].slice(-HANDLED_LIMIT), where);
  return true;
}

/** Kept for the start-parameter tests; the address itself is built by lib/paths.ts. */
export const paymentAwaitPath = paths.paymentAwait;

const CHANNEL = 'shop-instances';
const INSTANCE_ID = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
const STARTED_AT = Date.now();
type InstanceMessage = { type?: string; startedAt?: number; sender?: string };

/**
 * Tells other open instances of the app that a newer one started, and closes this one when a newer
 * one says so. Returns the cleanup.
 */
export function listenForNewerInstances(onNewer: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<InstanceMessage>) => {
    const { type, startedAt = 0, sender } = event.data;
    if (type === 'close-older' && sender !== INSTANCE_ID && startedAt >= STARTED_AT) onNewer();
  };
  return () => channel.close();
}

export function askOlderInstancesToClose(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({
    type: 'close-older',
    startedAt: STARTED_AT,
    sender: INSTANCE_ID,
  } satisfies InstanceMessage);
  channel.close();
}
