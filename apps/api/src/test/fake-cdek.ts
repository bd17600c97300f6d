// A local stand-in for CDEK API v2 (api-docs.cdek.ru) over HTTP, for the real CDEK adapter:
// `POST /v2/oauth/token` (form, client credentials; a JWT-like token, expires_in 3600), and with
// `Authorization: Bearer …` `GET /v2/location/suggest/cities`, `GET /v2/deliverypoints`,
// `POST /v2/calculator/tarifflist`, `POST /v2/orders` (202 with `entity.uuid` and `requests[]`),
// `GET /v2/orders/{uuid}`, `POST /v2/webhooks`, `POST /v2/print/orders`, `GET /v2/print/orders/{uuid}`
// and `GET /v2/print/orders/{uuid}.pdf`. Answers come from the same CDEK in memory as the demo
// carrier (modules/delivery/cdek/cdek-world.ts); every request is recorded for the tests.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCdekWorld, type CdekWorld } from '../modules/delivery/cdek/cdek-world.ts';
import type { CdekOrderBody, CdekTariffListBody } from '../modules/delivery/cdek/cdek-types.ts';

export type FakeCdek = {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  world: CdekWorld;
  requests: { method: string; path: string; query: URLSearchParams; body?: unknown }[];
  tokensIssued: number;
  close(): Promise<void>;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

export async function startFakeCdek(): Promise<FakeCdek> {
  const world = createCdekWorld();
  const clientId = 'EMscd6r9JnFiQ3bLoyjJY6eM78JrJceI';
  const clientSecret = 'PjLZkKBHEiLK3YsjtNrt3TGNG0ahs3kG';
  const tokens = new Set<string>();
  const printReady = new Map<string, number>();
  const fake: FakeCdek = {
    apiUrl: '',
    clientId,
    clientSecret,
    world,
    requests: [],
    tokensIssued: 0,
    close: async () => {},
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const request = (type: string, errors: { code: string; message: string }[] = []) => ({
    request_uuid: randomUUID(),
    type,
    date_time: new Date().toISOString().replace('Z', '+0000'),
    state: errors.length ? 'INVALID' : 'ACCEPTED',
    errors,
    warnings: [],
  });

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const raw = await readBody(req);
      const isForm = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      const body: unknown = raw
        ? isForm
          ? Object.fromEntries(new URLSearchParams(raw))
          : JSON.parse(raw)
        : undefined;
      fake.requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, body });
      const path = url.pathname.replace(/^\/v2/, '');

      if (req.method === 'POST' && path === '/oauth/token') {
        const form = body as Record<string, string>;
        if (
          form.grant_type !== 'client_credentials' ||
          form.client_id !== clientId ||
          form.client_secret !== clientSecret
        )
          return send(res, 401, { error: 'invalid_client', error_description: 'Bad credentials' });
        const token = `eyJhbGciOiJSUzI1NiJ9.${randomUUID()}`;
        tokens.add(token);
        fake.tokensIssued++;
        return send(res, 200, {
          access_token: token,
          token_type: 'bearer',
          expires_in: 3599,
          scope: 'order:all payment:all',
          jti: randomUUID(),
        });
      }
      const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!auth || !tokens.has(auth))
        return send(res, 401, {
          requests: [request('AUTH', [{ code: 'v2_token_expired', message: 'Token expired' }])],
        });

      if (req.method === 'GET' && path === '/location/suggest/cities')
        return send(res, 200, world.suggestCities(url.searchParams.get('name') ?? ''));
      if (req.method === 'GET' && path === '/deliverypoints')
        return send(res, 200, world.deliveryPoints(Number(url.searchParams.get('city_code'))));
      if (req.method === 'POST' && path === '/calculator/tarifflist') {
        const answer = world.tariffList(body as CdekTariffListBody);
        return send(res, answer.errors ? 400 : 200, answer);
      }
      if (req.method === 'POST' && path === '/orders') {
        const answer = world.createOrder(body as CdekOrderBody);
        if ('errors' in answer) return send(res, 400, { requests: [request('CREATE', answer.errors)] });
        return send(res, 202, { entity: { uuid: answer.uuid }, requests: [request('CREATE')] });
      }
      const order = /^\/orders\/([0-9a-f-]{36})$/.exec(path);
      if (req.method === 'GET' && order) {
        const entity = world.order(order[1]!);
        if (!entity)
          return send(res, 404, {
            requests: [request('GET', [{ code: 'v2_entity_not_found', message: 'Order not found' }])],
          });
        return send(res, 200, { entity, requests: [] });
      }
      if (req.method === 'POST' && path === '/webhooks') {
        const { url: hook, type } = body as { url: string; type: string };
        const uuid = randomUUID();
        world.webhooks.push({ uuid, url: hook, type });
        return send(res, 200, { entity: { uuid }, requests: [request('CREATE')] });
      }
      if (req.method === 'POST' && path === '/print/orders') {
        const orderUuid = (body as { orders: { order_uuid: string }[] }).orders[0]!.order_uuid;
        const uuid = world.printForm(orderUuid);
        printReady.set(uuid, 1);
        return send(res, 202, { entity: { uuid }, requests: [request('CREATE')] });
      }
      const pdf = /^\/print\/orders\/([0-9a-f-]{36})\.pdf$/.exec(path);
      if (req.method === 'GET' && pdf) {
        const file = world.pdf(pdf[1]!);
        if (!file)
          return send(res, 404, {
            requests: [request('GET', [{ code: 'v2_entity_not_found', message: 'Not found' }])],
          });
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end(file);
      }
      const print = /^\/print\/orders\/([0-9a-f-]{36})$/.exec(path);
      if (req.method === 'GET' && print) {
        // The first read answers PROCESSING, the next READY (the adapter waits for it).
        const reads = printReady.get(print[1]!) ?? 0;
        printReady.set(print[1]!, reads + 1);
        const statuses = [
          { code: 'ACCEPTED', name: 'Принят' },
          ...(reads >= 2
            ? [{ code: 'READY', name: 'Сформирован' }]
            : [{ code: 'PROCESSING', name: 'Формируется' }]),
        ];
        return send(res, 200, { entity: { uuid: print[1], statuses }, requests: [] });
      }
      return send(res, 404, {
        requests: [request('UNKNOWN', [{ code: 'v2_not_found', message: 'Not found' }])],
      });
    })().catch((err: unknown) => send(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

/** A local Central Bank daily rates page (XML_daily.asp), EUR among a few others. */
export async function startFakeCbr(eur: string, date = '26.11.2026') {
  let up = true;
  let calls = 0;
  const server = createServer((_req, res) => {
    calls++;
    if (!up) {
      res.writeHead(503);
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'application/xml; charset=windows-1251' });
    res.end(
      `<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="${date}" name="Foreign Currency Market">` +
        `<Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal><Name>Доллар США</Name><Value>81,1234</Value><VunitRate>81,1234</VunitRate></Valute>` +
        `<Valute ID="R01239"><NumCode>978</NumCode><CharCode>EUR</CharCode><Nominal>1</Nominal><Name>Евро</Name><Value>${eur}</Value><VunitRate>${eur}</VunitRate></Valute>` +
        `<Valute ID="R01375"><NumCode>156</NumCode><CharCode>CNY</CharCode><Nominal>1</Nominal><Name>Китайский юань</Name><Value>11,2345</Value><VunitRate>11,2345</VunitRate></Valute>` +
        `</ValCurs>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/scripts/XML_daily.asp`,
    setUp: (v: boolean) => (up = v),
    calls: () => calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
