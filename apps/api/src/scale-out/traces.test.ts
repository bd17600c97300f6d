// Traces (docs/operations.md «Traces», decision 057): the real server, started as a process with
// OTEL_EXPORTER_OTLP_ENDPOINT at a small OTLP/HTTP collector of this test, sends a catalogue
// request's trace: the HTTP server span, Fastify's spans and the request's SQL statements, each
// with the request id, the statements with placeholders and never the values. A process of its
// own: tracing patches `node:http` and Drizzle for the whole process, which the shared test
// workers must not see (vitest.config.ts, `isolate: false`).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase, createTestDataDir, testDatabaseUrl } from '../test/database.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: OtlpValue }[];
};
type Received = { span: OtlpSpan; scope: string; service: string };

const attr = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue ?? value?.boolValue;
};

/** A collector of OTLP/HTTP JSON: keeps every span it is sent. */
async function startCollector() {
  const spans: Received[] = [];
  const paths: string[] = [];
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    return request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
  };
  const server: Server = createServer((request, response) => {
    void read(request).then((body) => {
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      const payload = JSON.parse(body.toString('utf8')) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: OtlpValue }[] };
          scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
        }[];
      };
      for (const resource of payload.resourceSpans) {
        const service = resource.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
        for (const scope of resource.scopeSpans)
          for (const span of scope.spans)
            spans.push({ span, scope: scope.scope.name, service: service ?? '' });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('traces sent to an OTLP collector', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let database: (DatabaseHandle & { url?: string }) | undefined;
  let server: ServerProcess | undefined;
  let dataDir: string;
  let output: string[] = [];
  let base: string;

  beforeAll(async () => {
    collector = await startCollector();
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-traces-'));
    // On PostgreSQL (the api-postgres project) the server talks to it through postgres.js;
    // otherwise it opens embedded PGlite in its DATA_DIR, there already migrated (a copy of the
    // run's template: no initdb in the process). Both are traced the same way.
    if (testDatabaseUrl()) database = await createTestDatabase();
    else await createTestDataDir(path.join(dataDir, 'db'));
    server = await startServerProcess(
      {
        ...(database?.url ? { DATABASE_URL: database.url } : {}),
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        JWT_SECRET: 'traces-test-jwt-secret-0123456789abcdef',
        DATA_KEY: 'cd'.repeat(32),
        DEV_LOGIN: '0',
        // No demo catalogue: the catalogue request's SQL is the same on an empty one.
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'off',
        CATALOG_CACHE: 'off',
        PHOTO_INDEX_ON_START: 'off',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
        OTEL_SERVICE_NAME: 'shop-traces-test',
        // The batch is sent every 100 ms instead of 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      100_000,
    );
    base = server.base;
    output = server.output;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await collector?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a catalogue request produces one trace: the HTTP span, Fastify, and its SQL with placeholders', async () => {
    const requestId = 'trace-test-request-0001';
    const response = await fetch(`${base}/api/v2/product?limit=5`, {
      headers: { 'x-request-id': requestId },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(requestId);

    // Waits for the signal (the batch that holds the request's SQL), not for a fixed time.
    const deadline = Date.now() + 30_000;
    const ofRequest = () => collector.spans.filter((r) => attr(r.span, 'shop.request_id') === requestId);
    while (!ofRequest().some((r) => attr(r.span, 'db.system') === 'postgresql')) {
      if (Date.now() > deadline)
        throw new Error(
          `no SQL span for ${requestId}: ${JSON.stringify(collector.paths)}\n${output.join('')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The rest of the trace may come in the next batch: wait for the server span too.
    while (!ofRequest().some((r) => r.span.kind === 2)) {
      if (Date.now() > deadline) throw new Error('no server span');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const spans = ofRequest();
    expect(collector.paths[0]).toMatch(/^POST \/v1\/traces application\/json/);
    expect(new Set(spans.map((r) => r.service))).toEqual(new Set(['shop-traces-test']));

    // One trace: the HTTP server span at its root, everything else below it.
    const server = spans.find((r) => r.span.kind === 2)!;
    expect(server.scope).toBe('@opentelemetry/instrumentation-http');
    expect(new Set(spans.map((r) => r.span.traceId))).toEqual(new Set([server.span.traceId]));
    const ids = new Set(spans.map((r) => r.span.spanId));
    for (const r of spans) if (r !== server) expect(ids.has(r.span.parentSpanId ?? '')).toBe(true);
    expect(spans.some((r) => r.scope === '@fastify/otel')).toBe(true);

    // Its SQL: parameterised statements against the catalogue, each with its duration.
    const sqlSpans = spans.filter((r) => attr(r.span, 'db.system') === 'postgresql');
    const statements = sqlSpans.map((r) => String(attr(r.span, 'db.statement')));
    expect(statements.some((s) => /\bfrom\b.*"?products"?/is.test(s))).toBe(true);
    expect(statements.some((s) => /\$\d/.test(s))).toBe(true);
    for (const r of sqlSpans) {
      expect(r.span.kind).toBe(3); // CLIENT
      expect(BigInt(r.span.endTimeUnixNano)).toBeGreaterThan(BigInt(r.span.startTimeUnixNano));
      expect(r.span.attributes.map((a) => a.key)).not.toContain('db.query.parameter');
    }
  }, 60_000);

  it('a route without a request scope (pictures, decision 088): every span of its trace still carries the id', async () => {
    const requestId = 'trace-test-picture-0001';
    const response = await fetch(`${base}/media/no-such-picture.jpg`, {
      headers: { 'x-request-id': requestId },
    });
    expect(response.status).toBe(404);
    const deadline = Date.now() + 30_000;
    const serverSpan = () =>
      collector.spans.find((r) => r.span.kind === 2 && attr(r.span, 'shop.request_id') === requestId);
    while (!serverSpan()) {
      if (Date.now() > deadline) throw new Error('no server span for the picture');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const traceId = serverSpan()!.span.traceId;
    const ofTrace = () => collector.spans.filter((r) => r.span.traceId === traceId);
    // Fastify's request, hook and handler spans, below the server span.
    while (ofTrace().filter((r) => r.scope === '@fastify/otel').length < 2) {
      if (Date.now() > deadline) throw new Error('no Fastify spans for the picture');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const unlabelled = ofTrace().filter((r) => attr(r.span, 'shop.request_id') !== requestId);
    expect(unlabelled.map((r) => r.span.name)).toEqual([]);
  }, 60_000);

  it('a probe is not traced', async () => {
    expect((await fetch(`${base}/readyz`, { headers: { 'x-request-id': 'trace-test-probe-0001' } })).ok).toBe(
      true,
    );
    // A catalogue request after the probe: once its spans are here, the probe's would be too.
    await fetch(`${base}/api/v2/product?limit=1`, { headers: { 'x-request-id': 'trace-test-after-0001' } });
    const deadline = Date.now() + 30_000;
    while (!collector.spans.some((r) => attr(r.span, 'shop.request_id') === 'trace-test-after-0001')) {
      if (Date.now() > deadline) throw new Error('no spans for the request after the probe');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(
      collector.spans.filter((r) => attr(r.span, 'shop.request_id') === 'trace-test-probe-0001'),
    ).toEqual([]);
    expect(collector.spans.filter((r) => attr(r.span, 'url.path') === '/readyz')).toEqual([]);
  }, 60_000);
});
