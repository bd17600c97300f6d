// Security headers on every answer (docs/product.md §16). The full document policy comes from
// helmet, configured: a Content-Security-Policy that allows only what the app loads (its own
// scripts and styles, its own /img pictures, its own API) and lets only Telegram's web clients
// frame the app; the sandbox payment page and the API docs cannot be framed by anyone (no
// clickjacking of «Оплатить»). nosniff, a Referrer-Policy, HSTS in production. No CORS plugin: the
// API answers its own origin only.
//
// The header sets are computed once, at start (helmet run against a recording response), and an
// answer only copies one of them (decision 045): helmet's own plugin rebuilt its policy on every
// request (parseDirectives, dashify: a fifth of the CPU of /healthz). A JSON answer is no document:
// it gets only the headers that matter for it (nosniff; a CSP that allows nothing and no framing;
// X-Frame-Options DENY; Referrer-Policy; Cross-Origin-Resource-Policy; HSTS in production). Every
// other answer (HTML pages, scripts, styles, pictures) gets helmet's full set.
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Telegram's official web clients (web.telegram.org serves both /k/ and /a/; the older names). */
export const TELEGRAM_WEB_ORIGINS = [
  'https://web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
] as const;

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

type HeaderSet = readonly (readonly [string, string])[];

/** The headers helmet sets with these options, recorded once (names lower-case). */
export function helmetHeaders(options: Readonly<HelmetOptions>): HeaderSet {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => {
      if (err) throw err instanceof Error ? err : new Error('helmet could not build its headers');
    },
  );
  return [...headers];
}

export function securityHeaderSets({
  isProduction,
  imgOrigins,
}: {
  isProduction: boolean;
  imgOrigins: string[];
}) {
  const hsts = isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false;
  const document = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Drawer and toast libraries insert <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imgOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameSrc: ["'none'"],
        workerSrc: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [...TELEGRAM_WEB_ORIGINS],
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // X-Frame-Options cannot name Telegram; frame-ancestors decides (API answers: DENY below).
    frameguard: false,
    hsts,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Payment links open in a new window that must not be cut off from nothing it needs.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // Nothing under /api is ever framed: the sandbox payment page, the API docs.
  const unframedDocument: HeaderSet = [
    ...document.map(([name, value]): [string, string] =>
      name === 'content-security-policy'
        ? [name, value.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")]
        : [name, value],
    ),
    ['x-frame-options', 'DENY'],
  ];
  const json = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        frameAncestors: ["'none'"],
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  });
  return { document, unframedDocument, json };
}

const isJson = (type: unknown) =>
  typeof type === 'string' &&
  (type.startsWith('application/json') || type.startsWith('application/problem+json'));

export async function securityHeaders(
  app: FastifyInstance,
  options: { isProduction: boolean; imgOrigins: string[] },
) {
  const sets = securityHeaderSets(options);
  // onSend: the answer's type is known (Fastify has set application/json for an object by now;
  // the routes that send HTML set text/html themselves). A route's own onSend (the API docs' CSP)
  // runs after this one and wins.
  app.addHook('onSend', (request, reply, payload, done) => {
    const set = isJson(reply.getHeader('content-type'))
      ? sets.json
      : isApi(request.url)
        ? sets.unframedDocument
        : sets.document;
    for (const [name, value] of set) reply.header(name, value);
    done(null, payload);
  });
}
