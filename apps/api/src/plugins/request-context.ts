// The request id (docs/operations.md): every request gets one — the proxy's `X-Request-Id` when it
// sends a sane one, a UUID otherwise — logged on each of its log lines (`reqId`), answered in
// `X-Request-Id`, and readable anywhere below the handler through `currentRequestId()` (an
// AsyncLocalStorage), so an outbox row written by the request carries it to the worker's log.
//
// On Node 20 an enabled AsyncLocalStorage turns on the promise hooks for every promise and tick of
// the process (decision 088: a tenth of the CPU of `/healthz`). So the storage is on only while a
// request that may need it is in flight: routes that never write (the probes, /metrics) say
// `config: { requestScope: false }` and run without a scope, and when the last scoped request is
// done — answered, or its client gone and its handler finished — the storage is disabled until the
// next one. Work a request leaves running after its answer may find no id.
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: this route runs without a request scope (`currentRequestId()` is undefined below
     * it). Only for routes that never write an outbox row (plugins/request-context.ts).
     */
    requestScope?: boolean;
  }
}

const storage = new AsyncLocalStorage<{ requestId: string }>();
const scope = Symbol('request-context');
let scopesOpen = 0;

/** One scoped request: its async resource, and which of its two ends have come. */
type Scope = { resource: AsyncResource; sent: boolean; closed: boolean; released: boolean };

/** The id of the API request this code runs for; undefined in background jobs and unscoped routes. */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** Requests whose scope is open now (0: the storage and its promise hooks are off). */
export const requestScopesOpen = (): number => scopesOpen;

/** The request is done: the last one out turns the storage off. */
function release(s: Scope) {
  if (s.released) return;
  s.released = true;
  scopesOpen -= 1;
  if (scopesOpen === 0) storage.disable();
}

const scopeOf = (request: object) => (request as Record<symbol, Scope | undefined>)[scope];

const SANE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** Fastify's `genReqId`: a forwarded id only when it looks like one (never a log-injection vector). */
export function requestIdFrom(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

export default fp(
  async function requestContext(app: FastifyInstance) {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      if (request.routeOptions.config.requestScope === false) {
        done();
        return;
      }
      scopesOpen += 1;
      // `run` enables the storage again after release() turned it off.
      storage.run({ requestId: request.id }, () => {
        const s: Scope = {
          resource: new AsyncResource('shop-request'),
          sent: false,
          closed: false,
          released: false,
        };
        (request as unknown as Record<symbol, Scope>)[scope] = s;
        // `close` follows `finish`; it also comes alone when the client goes away mid-request, and
        // then the handler still runs (and may write): its answer's onSend ends the scope. A reply
        // taken over by its route (hijacked) has no onSend.
        reply.raw.once('close', () => {
          s.closed = true;
          if (s.sent || reply.sent) release(s);
        });
        s.resource.runInAsyncScope(done, request.raw);
      });
    });
    // The body arrives in the socket's async context, not the request's: the hooks after parsing
    // and the handler run back inside the request's scope.
    app.addHook('preValidation', (request, _reply, done) => {
      const s = scopeOf(request);
      if (s) s.resource.runInAsyncScope(done, request.raw);
      else done();
    });
    app.addHook('onSend', (request, _reply, payload, done) => {
      const s = scopeOf(request);
      if (s) {
        s.sent = true;
        if (s.closed) release(s);
      }
      done(null, payload);
    });
  },
  { name: 'request-context' },
);
