// The request id (docs/operations.md): every request gets one — the proxy's `X-Request-Id` when it
// sends a sane one, a UUID otherwise — logged on each of its log lines (`reqId`), answered in
// `X-Request-Id`, and readable anywhere below the handler through `currentRequestId()` (an
// AsyncLocalStorage), so an outbox row written by the request carries it to the worker's log.
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const storage = new AsyncLocalStorage<{ requestId: string }>();
const scope = Symbol('request-context');

/** The id of the API request this code runs for; undefined in background jobs. */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

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
      storage.run({ requestId: request.id }, () => {
        const resource = new AsyncResource('shop-request');
        (request as unknown as Record<symbol, AsyncResource>)[scope] = resource;
        resource.runInAsyncScope(done, request.raw);
      });
    });
    // The body arrives in the socket's async context, not the request's: the hooks after parsing
    // and the handler run back inside the request's scope.
    app.addHook('preValidation', (request, _reply, done) => {
      const resource = (request as unknown as Record<symbol, AsyncResource | undefined>)[scope];
      if (resource) resource.runInAsyncScope(done, request.raw);
      else done();
    });
  },
  { name: 'request-context' },
);
