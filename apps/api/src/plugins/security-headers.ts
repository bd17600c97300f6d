// Security headers on every answer (docs/product.md §16), through @fastify/helmet, configured:
// a Content-Security-Policy that allows only what the app loads (its own scripts and styles, its
// own /img pictures, its own API) and lets only Telegram's web clients frame the app; API answers,
// the sandbox payment page and the API docs cannot be framed by anyone (no clickjacking of
// «Оплатить»). nosniff, a Referrer-Policy, HSTS in production. No CORS plugin: the API answers
// its own origin only.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Telegram's official web clients (web.telegram.org serves both /k/ and /a/; the older names). */
export const TELEGRAM_WEB_ORIGINS = [
  'https://web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
] as const;

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export async function securityHeaders(
  app: FastifyInstance,
  { isProduction, imgOrigins }: { isProduction: boolean; imgOrigins: string[] },
) {
  await app.register(helmet, {
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
    hsts: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Payment links open in a new window that must not be cut off from nothing it needs.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  // Nothing under /api is ever framed: JSON, the sandbox payment page, the API docs.
  app.addHook('onSend', async (request, reply) => {
    if (!isApi(request.url)) return;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      void reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"));
    }
    void reply.header('x-frame-options', 'DENY');
  });
}
