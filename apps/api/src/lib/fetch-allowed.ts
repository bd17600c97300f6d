// Every outside call of find goes through here: the dw4.co short links it follows and the Poizon
// data API. It is the project's SSRF-safe fetch (lib/safe-fetch.ts: listed hosts on every
// redirect, public addresses only after DNS, redirect, size and time caps) with find's defaults.
// Plain http is allowed only to a loopback host named in `hosts` (an operator's local API, the
// tests' fake); a public name is never allowed to resolve to a private address.
import { isPublicAddress, safeFetch, SafeFetchError } from './safe-fetch.ts';

export type FetchAllowedOptions = {
  /** Host names the request (and every redirect) may go to. */
  hosts: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  /** Redirects followed (more is refused). */
  maxRedirects?: number;
  headers?: Record<string, string>;
};

export type FetchAllowedResult = { status: number; url: string; body: string };

export class FetchRefused extends Error {}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export async function fetchAllowed(rawUrl: string, opts: FetchAllowedOptions): Promise<FetchAllowedResult> {
  const { hosts, timeoutMs = 5000, maxBytes = 512 * 1024, maxRedirects = 3, headers = {} } = opts;
  const allowed = hosts.map((h) => h.toLowerCase());
  const loopbackListed = allowed.some((h) => LOOPBACK_NAMES.has(h));
  try {
    const res = await safeFetch(rawUrl, {
      allowedHosts: (host) => allowed.includes(host) && (!LOOPBACK_NAMES.has(host) || loopbackListed),
      protocols: loopbackListed ? ['https:', 'http:'] : ['https:'],
      // Only when the operator listed a loopback host may a loopback address be reached.
      ...(loopbackListed
        ? {
            isAllowedAddress: (address: string) =>
              isPublicAddress(address) || /^(127\.|::1$|::ffff:127\.)/.test(address),
          }
        : {}),
      maxBytes,
      timeoutMs,
      maxRedirects,
      headers,
    });
    return { status: res.status, url: res.url.toString(), body: res.body.toString('utf8') };
  } catch (err) {
    if (err instanceof SafeFetchError) {
      const url = safeUrl(rawUrl);
      if (err.reason === 'host_not_allowed')
        throw new FetchRefused(`host not allowed: ${err.message.split(' ')[0]}`);
      if (err.reason === 'too_large') throw new FetchRefused('answer too large');
      if (err.reason === 'bad_url') throw new FetchRefused(`${url?.protocol ?? 'this'} URL not allowed`);
      throw new FetchRefused(err.message);
    }
    throw err;
  }
}

function safeUrl(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}
