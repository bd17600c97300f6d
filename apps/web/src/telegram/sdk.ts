// The Telegram SDK (@tma.js with valibot and fp-ts, ≈ 17 KB gzip) is not on the first screen
// (docs/decisions/026): boot holds it with the start-up to run, the app shell releases it once the
// first screen is idle, and whatever needs it (CloudStorage, the viewport, links) waits for it.
// Without a hold (unit tests) it loads on first use.
import type * as TmaSdk from './tma.ts';

type Sdk = typeof TmaSdk;

let gate: Promise<void> = Promise.resolve();
let open: (() => void) | undefined;
let startWith: ((sdk: Sdk) => Promise<void> | void) | undefined;
let loading: Promise<Sdk> | undefined;
let loaded: Sdk | undefined;

/** Boot: the SDK waits for releaseSdk(), then runs `start` once before anyone gets it. */
export function holdSdk(start: (sdk: Sdk) => Promise<void> | void): void {
  startWith = start;
  gate = new Promise((resolve) => {
    open = resolve;
  });
}

/** The first screen is up: load and start the SDK. */
export function releaseSdk(): void {
  loadSdkNow().catch((error: unknown) => console.error('Telegram SDK failed to start', error));
}

/**
 * The started SDK for what a shopper's tap asked for (share, «Рядом со мной», the home-screen
 * prompt): the hold ends at once, since a tap is not to wait for the first screen's idle time
 * (on a busy phone that came more than ten seconds late, and the share dialog never opened).
 */
export function loadSdkNow(): Promise<Sdk> {
  open?.();
  return loadSdk();
}

/** The started SDK (after the hold is released). */
export function loadSdk(): Promise<Sdk> {
  loading ??= gate
    .then(() => import('./tma.ts'))
    .then(async (sdk) => {
      // The start-up in a task after the module's evaluation, not in the same one (decision 069).
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      await startWith?.(sdk);
      loaded = sdk;
      return sdk;
    });
  return loading;
}

/** The SDK when it has started already, for calls that must stay synchronous. */
export const sdkNow = (): Sdk | undefined => loaded;
