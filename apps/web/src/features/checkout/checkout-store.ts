// One checkout attempt (client state, kept in session storage so a reload or the payment round
// trip keeps it): the basket lines chosen to order, the chosen address, an address being typed,
// and the Idempotency-Key that every POST /order retry of this attempt reuses.
import type { DeliveryBodySchema, PassportBodySchema } from '@shop/contract';
import type { z } from 'zod';
import { create } from 'zustand';
import { readJson, writeJson } from '../../lib/storage.ts';

const KEY = 'shop/checkout';

/** What the shopper has typed into a form so far; any field may still be missing or invalid. */
export type DeliveryDraft = Partial<z.input<typeof DeliveryBodySchema>>;
export type PassportDraft = Partial<z.input<typeof PassportBodySchema>>;

export type CheckoutState = {
  /** Variant ids chosen in the basket; empty means "every line of the cart". */
  variantIds: number[];
  deliveryId: number | null;
  /** A new address typed on the delivery step and not saved yet. */
  deliveryDraft: DeliveryDraft | null;
  /**
   * Passport edits not saved yet. Kept in memory only, never in storage: passport data is stored
   * encrypted on the server and nowhere on the device.
   */
  passportDraft: PassportDraft | null;
  idempotencyKey: string;
  start: (variantIds: number[]) => void;
  setDelivery: (id: number | null) => void;
  setDeliveryDraft: (draft: DeliveryDraft | null) => void;
  setPassportDraft: (draft: PassportDraft | null) => void;
  /** After the order is placed: the next checkout is a new attempt with a new key. */
  finish: () => void;
};

type Persisted = Pick<CheckoutState, 'variantIds' | 'deliveryId' | 'deliveryDraft' | 'idempotencyKey'>;

export const newIdempotencyKey = () =>
  `checkout-${typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`}`;

const initial = (): Persisted => {
  const stored = readJson<Partial<Persisted>>(KEY, {}, 'session');
  return {
    variantIds: Array.isArray(stored.variantIds) ? stored.variantIds.filter(Number.isInteger) : [],
    deliveryId: typeof stored.deliveryId === 'number' ? stored.deliveryId : null,
    deliveryDraft:
      stored.deliveryDraft && typeof stored.deliveryDraft === 'object' ? stored.deliveryDraft : null,
    idempotencyKey: typeof stored.idempotencyKey === 'string' ? stored.idempotencyKey : newIdempotencyKey(),
  };
};

export const useCheckoutStore = create<CheckoutState>((set) => ({
  ...initial(),
  passportDraft: null,
  start: (variantIds) => set({ variantIds, idempotencyKey: newIdempotencyKey() }),
  setDelivery: (deliveryId) => set({ deliveryId }),
  setDeliveryDraft: (deliveryDraft) => set({ deliveryDraft }),
  setPassportDraft: (passportDraft) => set({ passportDraft }),
  finish: () =>
    set({ variantIds: [], deliveryDraft: null, passportDraft: null, idempotencyKey: newIdempotencyKey() }),
}));

useCheckoutStore.subscribe(({ variantIds, deliveryId, deliveryDraft, idempotencyKey }) =>
  writeJson(KEY, { variantIds, deliveryId, deliveryDraft, idempotencyKey } satisfies Persisted, 'session'),
);
