// Traces (docs/operations.md «Traces», decision 057): loaded only when OTEL_EXPORTER_OTLP_ENDPOINT
// is set (server.ts imports this file lazily, so a shop without a collector loads none of it).
// Three sources of spans: the HTTP server and client (@opentelemetry/instrumentation-http), Fastify's
// request, hooks and handler (@fastify/otel), and every SQL statement (our own wrapper below: the
// driver is postgres.js or PGlite, which the `pg` instrumentation does not see). Each span started
// while a request runs carries its request id (`shop.request_id`, the `reqId` of the logs).
import { createRequire } from 'node:module';
import { SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { statementTemplate } from '../db/client.ts';
import type { TracingSettings } from '../env.ts';
import { currentRequestId } from '../plugins/request-context.ts';

/** The attribute that ties a span to the request's log lines. */
export const REQUEST_ID_ATTRIBUTE = 'shop.request_id';
/** Probes and metrics are polled every few seconds: no spans for them. */
const UNTRACED_PATHS = new Set(['/livez', '/readyz', '/healthz', '/metrics']);
/** Longer statements are cut: a span is not the place for a whole bulk insert. */
const STATEMENT_MAX_CHARS = 4000;

export type Tracing = {
  /** Sends the spans still buffered and stops (server.ts, after the shop has stopped). */
  shutdown(): Promise<void>;
};

/** The request id a started span carries (an SDK span keeps its attributes), if any. */
const requestIdOf = (span: Span | undefined) =>
  (span as unknown as { attributes?: Record<string, unknown> } | undefined)?.attributes?.[
    REQUEST_ID_ATTRIBUTE
  ];

/**
 * Adds the request id to every span started inside a request's scope (plugins/request-context.ts),
 * and to every span whose parent has it: routes without a scope (pictures, decision 088) still
 * label their outgoing calls.
 */
const requestIdProcessor: SpanProcessor = {
  onStart(span, parentContext) {
    const id = currentRequestId() ?? requestIdOf(trace.getSpan(parentContext));
    if (typeof id === 'string') span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
  },
  onEnd() {},
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0] ?? '';

/**
 * Starts tracing for this process. Call it before the app is built: Fastify's instrumentation
 * registers itself when a Fastify instance is created, and the HTTP one patches `node:http`.
 */
export function startTracing(settings: TracingSettings): Tracing {
  const exporter = new OTLPTraceExporter({ url: `${settings.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [requestIdProcessor, new BatchSpanProcessor(exporter)],
  });
  provider.register();
  // The HTTP server span starts before Fastify gives the request its id: Fastify's own span hook
  // finds it here through the raw request and labels it too.
  const serverSpans = new WeakMap<IncomingMessage, Span>();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has(pathOf(request.url)),
        requestHook: (span, request) => {
          if ('headers' in request && !('setHeader' in request)) serverSpans.set(request, span);
        },
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: (route: { url: string }) => UNTRACED_PATHS.has(route.url),
        requestHook: (span: Span, request: FastifyRequest) => {
          span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
          serverSpans.get(request.raw)?.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
        },
      }),
    ],
  });
  // `node:http` was loaded before the hooks above: requiring it again lets them patch it.
  createRequire(import.meta.url)('node:http');
  const restoreSql = traceSql(provider.getTracer('shop-sql'));
  return {
    async shutdown() {
      restoreSql();
      unregister();
      await provider.shutdown();
    },
  };
}

type QueryWithCache = (
  queryString: string,
  params: unknown[],
  query: () => Promise<unknown>,
) => Promise<unknown>;

/**
 * One span per SQL statement, around the driver's call (both drivers go through Drizzle's
 * `queryWithCache`): the statement as Drizzle sends it, with `$1`-style placeholders (also where
 * `readRows` wrote a catalogue read's values into its text: `statementTemplate`), never the
 * values (they hold names, phones and passports). Returns the function that removes the wrapper.
 */
export function traceSql(tracer: Tracer): () => void {
  const proto = PgPreparedQuery.prototype as unknown as { queryWithCache: QueryWithCache };
  const original = proto.queryWithCache;
  statementTemplate(''); // from now on, `readRows` keeps its statements' placeholders
  proto.queryWithCache = function tracedQuery(this: unknown, queryString, params, query) {
    const statement = statementTemplate(queryString);
    const operation = /^\s*(\w+)/.exec(statement)?.[1]?.toUpperCase() ?? 'SQL';
    return tracer.startActiveSpan(
      operation,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system': 'postgresql',
          'db.system.name': 'postgresql',
          'db.operation.name': operation,
          'db.statement': statement.slice(0, STATEMENT_MAX_CHARS),
          'db.query.text': statement.slice(0, STATEMENT_MAX_CHARS),
        },
      },
      async (span) => {
        try {
          return await original.call(this, queryString, params, query);
        } catch (err) {
          // Drizzle's error message repeats the values: only the database's error code is kept.
          const code = (err as { cause?: { code?: unknown } }).cause?.code;
          span.setStatus({ code: SpanStatusCode.ERROR, message: typeof code === 'string' ? code : 'error' });
          throw err;
        } finally {
          span.end();
        }
      },
    );
  };
  return () => {
    proto.queryWithCache = original;
  };
}
