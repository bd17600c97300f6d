// The one way the server fetches a URL someone else chose (pictures, Poizon links): docs/product.md
// §16. Only listed hosts; every address a name resolves to must be public (no loopback, private,
// link-local, metadata, multicast or unspecified address), checked at connect time on every hop,
// so a redirect or a DNS answer cannot point the server at itself; the connection goes to the
// address that was checked (no second lookup to rebind). Redirects, size and time are capped, and
// an oversized answer is cut off at the cap instead of being read to the end.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type SafeFetchReason =
  | 'bad_url'
  | 'host_not_allowed'
  | 'private_address'
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout'
  | 'network';

export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchReason,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export type SafeFetchOptions = {
  /** Host names allowed (exact, lower case), or a predicate. Checked on every hop. */
  allowedHosts: readonly string[] | ((host: string) => boolean);
  /** Largest body read, in bytes; a larger answer is refused and its connection closed. */
  maxBytes: number;
  /** Whole fetch, all redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Protocols allowed; https only by default. */
  protocols?: readonly ('https:' | 'http:')[];
  /** Which resolved addresses may be connected to (default: public ones only). Tests only. */
  isAllowedAddress?: (address: string) => boolean;
  /** DNS resolution (default: the system resolver). Tests only. */
  resolve?: (host: string) => Promise<LookupAddress[]>;
  headers?: Record<string, string>;
};

export type SafeFetchResponse = {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The URL finally answered (after redirects). */
  url: URL;
};

// Two lists: one BlockList holding both families matches IPv4 against IPv4-mapped IPv6 ranges.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network, unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped (any: a public name never resolves to one)
  ['64:ff9b::', 96], // NAT64
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8], // multicast
  ['fd00:ec2::254', 128], // AWS metadata over IPv6
] as const)
  blocked6.addSubnet(net, prefix, 'ipv6');

/** True for an address on the public internet; false for loopback, private, link-local, metadata… */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked4.check(address, 'ipv4');
  if (family === 6) return !blocked6.check(address, 'ipv6');
  return false;
}

const systemResolve = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

function hostAllowed(allowed: SafeFetchOptions['allowedHosts'], host: string) {
  return typeof allowed === 'function' ? allowed(host) : allowed.includes(host);
}

/** A lookup for http(s).request that resolves once, refuses if ANY address is not allowed, and pins the first. */
function checkedLookup(options: SafeFetchOptions): LookupFunction {
  const resolve = options.resolve ?? systemResolve;
  const allowedAddress = options.isAllowedAddress ?? isPublicAddress;
  return (hostname, lookupOptions, callback) => {
    // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily).
    const all = (lookupOptions as { all?: boolean }).all === true;
    const answer: (err: Error | null, address: string | LookupAddress[], family?: number) => void = callback;
    resolve(hostname).then(
      (addresses) => {
        const bad = addresses.find((a) => !allowedAddress(a.address));
        if (addresses.length === 0 || bad) {
          answer(new SafeFetchError('private_address', `${hostname} resolves to a non-public address`), '', 4);
          return;
        }
        const first = addresses[0]!;
        if (all) answer(null, addresses);
        else answer(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => answer(err, '', 4),
    );
  };
}

type Hop = { status: number; headers: IncomingMessage['headers']; body?: Buffer };

function fetchOnce(url: URL, options: SafeFetchOptions, signal: AbortSignal, lookup: LookupFunction) {
  return new Promise<Hop>((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !(options.isAllowedAddress ?? isPublicAddress)(literal)) {
      reject(new SafeFetchError('private_address', `${literal} is not a public address`));
      return;
    }
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      // agent: false — a fresh connection each time, so no pooled socket skips the address check.
      { method: 'GET', lookup, signal, agent: false, headers: { 'user-agent': 'shop-fetch/1', ...options.headers } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ status, headers: response.headers });
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          reject(new SafeFetchError('too_large', `answer of ${declared} bytes is over ${options.maxBytes}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            // Cut off at the cap: nothing more is read.
            response.destroy();
            request.destroy();
            reject(new SafeFetchError('too_large', `answer over ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', (err) => reject(err));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * GET `url` under the rules above. Rejects with SafeFetchError (reason says why); answers any
 * final status (the caller decides what a 404 means).
 */
export async function safeFetch(input: string | URL, options: SafeFetchOptions): Promise<SafeFetchResponse> {
  const protocols = options.protocols ?? ['https:'];
  const maxRedirects = options.maxRedirects ?? 3;
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const lookup = checkedLookup(options);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new SafeFetchError('bad_url', 'not a URL');
  }
  for (let hop = 0; ; hop += 1) {
    if (!(protocols as readonly string[]).includes(url.protocol) || url.username || url.password) {
      throw new SafeFetchError('bad_url', `${url.protocol} URLs are not fetched`);
    }
    const host = url.hostname.toLowerCase().replace(/\.$/, '');
    if (!hostAllowed(options.allowedHosts, host)) {
      throw new SafeFetchError('host_not_allowed', `${host} is not an allowed host`);
    }
    let answer: Hop;
    try {
      answer = await fetchOnce(url, options, signal, lookup);
    } catch (err) {
      if (err instanceof SafeFetchError) throw err;
      if (signal.aborted) throw new SafeFetchError('timeout', `no answer within ${options.timeoutMs ?? 10_000} ms`);
      const cause = (err as { cause?: unknown }).cause;
      if (cause instanceof SafeFetchError) throw cause;
      throw new SafeFetchError('network', (err as Error).message);
    }
    if (!answer.body) {
      if (hop >= maxRedirects) throw new SafeFetchError('too_many_redirects', `more than ${maxRedirects} redirects`);
      try {
        url = new URL(String(answer.headers.location), url);
      } catch {
        throw new SafeFetchError('bad_url', 'redirect to a bad URL');
      }
      continue;
    }
    return { status: answer.status, headers: answer.headers, body: answer.body, url };
  }
}
