// A local stand-in for YooKassa's REST v3 API, answering with the JSON its documentation shows:
// POST /v3/payments (Basic auth, Idempotence-Key), GET /v3/payments/{id}, error objects
// `{ type: 'error', id, code, description, parameter? }`, and notification bodies
// `{ type: 'notification', event, object }`; refunds: POST /v3/refunds (Idempotence-Key),
// GET /v3/refunds/{id}.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Status = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export type FakePayment = {
  id: string;
  status: Status;
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation: { type: 'redirect'; confirmation_url: string };
  created_at: string;
  captured_at?: string;
  description?: string;
  metadata: Record<string, string>;
  recipient: { account_id: string; gateway_id: string };
  refundable: boolean;
  test: boolean;
  cancellation_details?: { party: string; reason: string };
};

export type FakeRefund = {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  created_at: string;
  description?: string;
};

export type FakeYooKassa = {
  apiUrl: string;
  shopId: string;
  secretKey: string;
  payments: Map<string, FakePayment>;
  requests: { method: string; path: string; idempotenceKey?: string; body?: unknown }[];
  setStatus(id: string, status: Status): void;
  refunds: Map<string, FakeRefund>;
  /** The status new refunds start in (YooKassa usually answers `succeeded` at once). */
  refundStartStatus: FakeRefund['status'];
  /** How many of the next refund requests answer 500 before doing anything ("result unknown"). */
  failRefunds: number;
  setRefundStatus(id: string, status: FakeRefund['status']): void;
  refundNotification(id: string): { type: 'notification'; event: string; object: FakeRefund };
  notification(id: string, event?: string): { type: 'notification'; event: string; object: FakePayment };
  close(): Promise<void>;
};

export async function startFakeYooKassa(): Promise<FakeYooKassa> {
  const shopId = '100500';
  const secretKey = 'test_fake_secret_key';
  const expectedAuth = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
  const payments = new Map<string, FakePayment>();
  const byKey = new Map<string, string>();
  const requests: FakeYooKassa['requests'] = [];
  const refunds = new Map<string, FakeRefund>();
  const refundByKey = new Map<string, string>();
  const state = { refundStartStatus: 'succeeded' as FakeRefund['status'], failRefunds: 0 };
  const kopecks = (value: string) => Math.round(Number(value) * 100);

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (
    res: ServerResponse,
    status: number,
    code: string,
    description: string,
    parameter?: string,
  ) =>
    send(res, status, {
      type: 'error',
      id: randomUUID(),
      code,
      description,
      ...(parameter ? { parameter } : {}),
    });

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => resolve(data));
    });

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = (req.url ?? '').split('?')[0] ?? '';
      const idempotenceKey = req.headers['idempotence-key'] as string | undefined;
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        return error(res, 400, 'invalid_request', 'Request body is not valid JSON');
      }
      requests.push({ method: req.method ?? '', path, idempotenceKey, body });
      if (req.headers.authorization !== expectedAuth) {
        return error(
          res,
          401,
          'invalid_credentials',
          'Basic authentication failed: check your shopId and secret key',
        );
      }
      if (req.method === 'POST' && path === '/v3/payments') {
        if (!idempotenceKey)
          return error(res, 400, 'invalid_request', 'Idempotence key is missing', 'Idempotence-Key');
        const existing = byKey.get(idempotenceKey);
        if (existing) return send(res, 200, payments.get(existing));
        const b = body as {
          amount?: { value?: string; currency?: string };
          confirmation?: { type?: string; return_url?: string };
          capture?: boolean;
          description?: string;
          metadata?: Record<string, string>;
        };
        if (!b?.amount?.value || !/^\d+\.\d{2}$/.test(b.amount.value) || !b.amount.currency) {
          return error(res, 400, 'invalid_request', 'Invalid amount', 'amount');
        }
        if (b.confirmation?.type !== 'redirect' || !b.confirmation.return_url) {
          return error(
            res,
            400,
            'invalid_request',
            'Missing return_url for redirect confirmation',
            'confirmation.return_url',
          );
        }
        const id = `${randomUUID().slice(0, 8)}-000f-5000-8000-${randomUUID().slice(-12)}`;
        const payment: FakePayment = {
          id,
          status: 'pending',
          paid: false,
          amount: { value: b.amount.value, currency: b.amount.currency },
          confirmation: {
            type: 'redirect',
            confirmation_url: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${id}`,
          },
          created_at: new Date().toISOString(),
          ...(b.description ? { description: b.description } : {}),
          metadata: b.metadata ?? {},
          recipient: { account_id: shopId, gateway_id: '100700' },
          refundable: false,
          test: true,
        };
        payments.set(id, payment);
        byKey.set(idempotenceKey, id);
        return send(res, 200, payment);
      }
      if (req.method === 'POST' && path === '/v3/refunds') {
        if (state.failRefunds > 0) {
          state.failRefunds--;
          // YooKassa's documented 500: the outcome is unknown, repeat with the same key.
          return error(res, 500, 'internal_server_error', 'Internal server error');
        }
        if (!idempotenceKey)
          return error(res, 400, 'invalid_request', 'Idempotence key is missing', 'Idempotence-Key');
        const existing = refundByKey.get(idempotenceKey);
        if (existing) return send(res, 200, refunds.get(existing));
        const b = body as {
          payment_id?: string;
          amount?: { value?: string; currency?: string };
          description?: string;
        };
        const payment = b?.payment_id ? payments.get(b.payment_id) : undefined;
        if (!payment) return error(res, 400, 'invalid_request', 'Payment not found', 'payment_id');
        if (payment.status !== 'succeeded') {
          return error(res, 400, 'invalid_request', 'Payment is not succeeded', 'payment_id');
        }
        if (
          !b.amount?.value ||
          !/^\d+\.\d{2}$/.test(b.amount.value) ||
          b.amount.currency !== payment.amount.currency
        ) {
          return error(res, 400, 'invalid_request', 'Invalid amount', 'amount');
        }
        const already = [...refunds.values()]
          .filter((r) => r.payment_id === payment.id && r.status !== 'canceled')
          .reduce((sum, r) => sum + kopecks(r.amount.value), 0);
        if (already + kopecks(b.amount.value) > kopecks(payment.amount.value)) {
          return error(res, 400, 'invalid_request', 'Refund amount exceeds the payment amount', 'amount');
        }
        const refund: FakeRefund = {
          id: `${randomUUID().slice(0, 8)}-0015-5000-9000-${randomUUID().slice(-12)}`,
          payment_id: payment.id,
          status: state.refundStartStatus,
          amount: { value: b.amount.value, currency: b.amount.currency },
          created_at: new Date().toISOString(),
          ...(b.description ? { description: b.description } : {}),
        };
        refunds.set(refund.id, refund);
        refundByKey.set(idempotenceKey, refund.id);
        return send(res, 200, refund);
      }
      const refundMatch = /^\/v3\/refunds\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && refundMatch) {
        const refund = refunds.get(decodeURIComponent(refundMatch[1]!));
        if (!refund) return error(res, 404, 'not_found', 'Refund not found');
        return send(res, 200, refund);
      }
      const match = /^\/v3\/payments\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const payment = payments.get(decodeURIComponent(match[1]!));
        if (!payment) return error(res, 404, 'not_found', 'Payment not found or has been deleted');
        return send(res, 200, payment);
      }
      return error(res, 404, 'not_found', 'Not found');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiUrl: `http://127.0.0.1:${port}/v3`,
    shopId,
    secretKey,
    payments,
    requests,
    setStatus(id, status) {
      const p = payments.get(id);
      if (!p) throw new Error(`no fake payment ${id}`);
      p.status = status;
      p.paid = status === 'succeeded' || status === 'waiting_for_capture';
      if (status === 'succeeded') {
        p.captured_at = new Date().toISOString();
        p.refundable = true;
      }
      if (status === 'canceled')
        p.cancellation_details = { party: 'yoo_money', reason: 'expired_on_confirmation' };
    },
    notification(id, event) {
      const p = payments.get(id);
      if (!p) throw new Error(`no fake payment ${id}`);
      return { type: 'notification' as const, event: event ?? `payment.${p.status}`, object: { ...p } };
    },
    refunds,
    get refundStartStatus() {
      return state.refundStartStatus;
    },
    set refundStartStatus(status) {
      state.refundStartStatus = status;
    },
    get failRefunds() {
      return state.failRefunds;
    },
    set failRefunds(count) {
      state.failRefunds = count;
    },
    setRefundStatus(id, status) {
      const r = refunds.get(id);
      if (!r) throw new Error(`no fake refund ${id}`);
      r.status = status;
    },
    refundNotification(id) {
      const r = refunds.get(id);
      if (!r) throw new Error(`no fake refund ${id}`);
      return { type: 'notification' as const, event: `refund.${r.status}`, object: { ...r } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
