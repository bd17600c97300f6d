// Session start, exactly as docs/product.md §4: signal readiness, and when Telegram user data exists,
// authenticate, store the token, load the profile and prefetch active orders (page 0).
// Missing user data or a failed sign-in or profile ends in "error"; the active orders are only a
// prefetch, so their failure is left to the orders screens (with «Повторить»), not the whole app.
import type { QueryClient } from '@tanstack/react-query';
import { profileQueryOptions } from '../features/session/api/get-profile.ts';
import { signIn } from '../features/session/api/sign-in.ts';
import { useSessionStore } from '../features/session/session-store.ts';
import { activeOrdersQueryOptions } from '../features/orders/api/get-active-orders.ts';
import { setSharerRef } from '../lib/sharer-ref.ts';
import { STORAGE_KEYS, writeString } from '../lib/storage.ts';
import { signalReady } from '../telegram/init.ts';
import { readInitData } from '../telegram/launch.ts';

export class SessionStartError extends Error {}

function userInitData(): { raw: string; unsafe: Record<string, unknown> } {
  const data = readInitData();
  if (!data) throw new SessionStartError('No Telegram launch parameters');
  if (!data.unsafe.user) throw new SessionStartError('No Telegram user data');
  return data;
}

export async function startSession(queryClient: QueryClient): Promise<void> {
  signalReady();
  const { raw, unsafe } = userInitData();
  const token = await signIn(raw, unsafe);
  writeString(STORAGE_KEYS.accessToken, token);
  const profile = await queryClient.fetchQuery(profileQueryOptions());
  useSessionStore.getState().setUser(profile);
  setSharerRef(profile.referral_code);
  void queryClient.prefetchQuery(activeOrdersQueryOptions(0));
}

let sessionStart: Promise<void> | undefined;
let pageReads: Promise<void> | undefined;

/**
 * Starts the session (and the page's shared reads) once per page load. main.tsx calls it before
 * the app's code has loaded, so sign-in does not wait for the router or the page (docs/decisions/
 * 033, 042); the steps are those of `startSession`, unchanged.
 */
export function beginSessionStart(queryClient: QueryClient): Promise<void> {
  const path = window.location.pathname;
  if (!sessionStart && (path === '/' || path.startsWith('/catalog'))) {
    pageReads = import('./routes/home-prefetch.ts').then(
      ({ prefetchHome, prefetchCategories }) =>
        path === '/' ? prefetchHome(queryClient) : prefetchCategories(queryClient, path),
      (error: unknown) => console.warn('First-screen reads not started', error),
    );
  }
  sessionStart ??= startSession(queryClient);
  return sessionStart;
}

/**
 * The page's shared reads, when the server's HTML painted its first screen (decision 051): their
 * answers are in the HTML, so they settle at once, and the page behind the spinner waits for them
 * before it renders. Rendered hidden, it would not see an answer that came after its render until
 * the commit after the one that reveals it: rows of skeletons for a frame where the painted cards
 * were. Undefined on other pages, and without a painted screen (the page draws its skeletons then).
 */
export function paintedPageReads(): Promise<void> | undefined {
  return document.getElementById('first-paint') ? pageReads : undefined;
}
