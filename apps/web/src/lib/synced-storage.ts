// State kept in local storage and in Telegram CloudStorage at once (onboarding progress, search
// history; docs/product.md §4): loads local first, then the cloud; the newer `lastUpdated` wins and is
// written to the other store; every change saves to both.
import { cloudRead, cloudWrite } from '../telegram/cloud-storage.ts';
import { readString, writeString } from './storage.ts';

export type Stamped = { lastUpdated: number };

export type SyncedStorage<T extends Stamped> = {
  /** Parses a stored string; null when it is not a valid value. */
  parse: (raw: string) => T | null;
  key: string;
};

export function parseStored<T extends Stamped>(store: SyncedStorage<T>, raw: string | null): T | null {
  if (!raw) return null;
  try {
    return store.parse(raw);
  } catch (error) {
    console.warn(`Stored ${store.key} is not valid; using the default`, error);
    return null;
  }
}

/** The value with the newer lastUpdated; on a tie the local one. */
export function newer<T extends Stamped>(local: T | null, cloud: T | null): T | null {
  if (!local) return cloud;
  if (!cloud) return local;
  return cloud.lastUpdated > local.lastUpdated ? cloud : local;
}

export function readLocal<T extends Stamped>(store: SyncedStorage<T>): T | null {
  return parseStored(store, readString(store.key));
}

/**
 * Reads the cloud copy and reconciles it with the local one. Returns the winner, or null when
 * neither store holds a value. The loser store is overwritten with the winner.
 */
export async function syncFromCloud<T extends Stamped>(store: SyncedStorage<T>): Promise<T | null> {
  const local = readLocal(store);
  const cloudRaw = await cloudRead(store.key);
  const cloud = parseStored(store, cloudRaw);
  const winner = newer(local, cloud);
  if (!winner) return null;
  const serialized = JSON.stringify(winner);
  if (winner !== local) writeString(store.key, serialized);
  if (winner !== cloud && cloudRaw !== null) await cloudWrite(store.key, serialized);
  return winner;
}

/** Saves a value to both stores (the cloud write is not awaited by callers that do not care). */
export function saveSynced<T extends Stamped>(store: SyncedStorage<T>, value: T): Promise<boolean> {
  const serialized = JSON.stringify(value);
  writeString(store.key, serialized);
  return cloudWrite(store.key, serialized);
}
