// @tma.js/bridge as @tma.js/sdk sees it (vite.config.ts puts this module in its place for the SDK's
// own imports): the same module, except for the retrieval of the launch parameters. The bridge has
// no cache: the SDK's init() and every viewport mount retrieve them again, and each retrieval
// validates the whole string with valibot twice (once to pick the source, then to parse it) —
// ≈ 8 ms of a fast machine's CPU a parse, long tasks on a slow phone (docs/decisions/078). Here the
// string is parsed once, and the value is reused while nothing a retrieval reads has changed.
import { retrieveLaunchParamsFp as retrieve } from '@tma.js/bridge';
import { parseLaunchParamsQueryFp } from '@tma.js/transformers';
import { readString } from '../lib/storage.ts';
import { queryOf, STORED_LAUNCH_PARAMS, storeLaunchParams, storedLaunchParams } from './bridge.ts';

export * from '@tma.js/bridge';

type Retrieved = ReturnType<typeof retrieve>;

/**
 * The bridge's retrieval with one parse: its sources in its order (the address, the navigation
 * entry, the stored copy), the first that parses is kept in session storage and its value returned.
 * When none does, the bridge's own retrieval answers, with its error.
 */
function retrieveParsingOnce(): Retrieved {
  const navigation = performance.getEntriesByType?.('navigation')[0];
  const sources = [
    () => queryOf(window.location.href),
    () => (navigation ? queryOf(navigation.name) : null),
    storedLaunchParams,
  ];
  for (const source of sources) {
    const query = source();
    if (!query) continue;
    const parsed = parseLaunchParamsQueryFp(query);
    if (parsed._tag === 'Left') continue;
    storeLaunchParams(query);
    return parsed;
  }
  return retrieve();
}

/**
 * What a retrieval reads besides the navigation entry (which never changes): the address and the
 * stored copy. With both as they were after a successful retrieval, the same string would be
 * picked and parsed to the same value.
 */
const sourcesNow = () => `${window.location.href}\n${readString(STORED_LAUNCH_PARAMS, 'session') ?? ''}`;

let last: { sources: string; value: Retrieved } | undefined;

/** The bridge's retrieveLaunchParamsFp, parsed once per distinct address and stored copy. */
export function retrieveLaunchParamsFp(): Retrieved {
  if (last && last.sources === sourcesNow()) return last.value;
  const value = retrieveParsingOnce();
  // A failure is not kept: outside Telegram each call looks again, as the bridge's does.
  last = value._tag === 'Right' ? { sources: sourcesNow(), value } : undefined;
  return value;
}
