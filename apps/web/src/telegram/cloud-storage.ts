// Telegram CloudStorage with the platform's limits respected (key 1–128 of A-Z a-z 0-9 _ -,
// value at most 4096 characters) and a timeout: some clients never answer, and then the caller
// falls back to local storage. Failures are logged as warnings, never thrown (docs/product.md §8).
// The SDK is not on the first screen (sdk.ts): a read waits for it, then the timeout runs; a write
// (a shopper's action) loads it at once.
import { loadSdk, releaseSdk } from './sdk.ts';

export const CLOUD_KEY_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
export const CLOUD_VALUE_MAX = 4096;
export const CLOUD_TIMEOUT_MS = 1500;

function withTimeout<T>(promise: PromiseLike<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

type CloudStorage = Awaited<ReturnType<typeof loadSdk>>['cloudStorage'];

async function available(): Promise<CloudStorage | null> {
  try {
    const { cloudStorage } = await loadSdk();
    return cloudStorage.getItem.isAvailable() ? cloudStorage : null;
  } catch {
    return null;
  }
}

/** The stored value, '' when the key is unset, or null when CloudStorage failed or is missing. */
export async function cloudRead(key: string, timeoutMs = CLOUD_TIMEOUT_MS): Promise<string | null> {
  if (!CLOUD_KEY_PATTERN.test(key)) {
    console.warn(`CloudStorage key "${key}" is not allowed`);
    return null;
  }
  const cloudStorage = await available();
  if (!cloudStorage) return null;
  try {
    return await withTimeout(cloudStorage.getItem(key), timeoutMs);
  } catch (error) {
    console.warn(`Cannot read ${key} from Telegram CloudStorage`, error);
    return null;
  }
}

/** Saves a value; returns false (and warns) when it is too long, the key is bad or the call fails. */
export async function cloudWrite(key: string, value: string, timeoutMs = CLOUD_TIMEOUT_MS): Promise<boolean> {
  if (!CLOUD_KEY_PATTERN.test(key)) {
    console.warn(`CloudStorage key "${key}" is not allowed`);
    return false;
  }
  if (value.length > CLOUD_VALUE_MAX) {
    console.warn(`CloudStorage value of ${key} is longer than ${CLOUD_VALUE_MAX} characters`);
    return false;
  }
  releaseSdk();
  const cloudStorage = await available();
  if (!cloudStorage) return false;
  try {
    await withTimeout(cloudStorage.setItem(key, value), timeoutMs);
    return true;
  } catch (error) {
    console.warn(`Cannot write ${key} to Telegram CloudStorage`, error);
    return false;
  }
}
