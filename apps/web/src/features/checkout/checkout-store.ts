// One checkout attempt (client state, kept in session storage so a reload or the payment round
// trip keeps it): the basket lines chosen to order, the chosen address, and the Idempotency-Key
// that every POST /order retry of this attempt reuses.
import { create } from 'zustand';
import { readJson, writeJson } from '../../lib/storage.ts';

const KEY = 'shop/checkout';

export type CheckoutState = {
  /** Variant ids chosen in the basket; empty means "every line of the cart". */
  variantIds: number[];
  deliveryId: number | null;
  idempotencyKey: string;
  start: (variantIds: number[]) => void;
  setDelivery: (id: number | null) => void;
  /** After the order is placed: the next checkout is a new attempt with a new key. */
  finish: () => void;
};

type Persisted = Pick<CheckoutState, 'variantIds' | 'deliveryId' | 'idempotencyKey'>;

export const newIdempotencyKey = () =>
  `checkout-${typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`}`;

const initial = (): Persisted => {
  const stored = readJson<Partial<Persisted>>(KEY, {}, 'session');
  return {
    variantIds: Array.isArray(stored.variantIds) ? stored.variantIds.filter(Number.isInteger) : [],
    deliveryId: typeof stored.deliveryId === 'number' ? stored.deliveryId : null,
    idempotencyKey: typeof stored.idempotencyKey === 'string' ? stored.idempotencyKey : newIdempotencyKey(),
  };
};

export const useCheckoutStore = create<CheckoutState>((set) => ({
  ...initial(),
  start: (variantIds) => set({ variantIds, idempotencyKey: newIdempotencyKey() }),
  setDelivery: (deliveryId) => set({ deliveryId }),
  finish: () => set({ variantIds: [], idempotencyKey: newIdempotencyKey() }),
}));

useCheckoutStore.subscribe(({ variantIds, deliveryId, idempotencyKey }) =>
  writeJson(KEY, { variantIds, deliveryId, idempotencyKey } satisfies Persisted, 'session'),
);
