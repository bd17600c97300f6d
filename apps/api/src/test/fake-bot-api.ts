// A local stand-in for the Telegram Bot API (a real HTTP server on 127.0.0.1): answers
// `POST /bot<token>/<method>` like Telegram (`{ ok, result }` / `{ ok: false, error_code,
// description, parameters }`), records every call, and can be told to answer the next calls
// with 429 (retry_after), 403, 400 "chat not found", 500, or to hang. A prepared inline message
// (savePreparedInlineMessage) gets an id `prepared-<n>` that expires in a day.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How late this fake can stamp a call's `at` on a loaded machine: it reads the time on the event
 * loop it shares with the sender, after the request's body is read (234 ms late was seen on CI's
 * two cores with both Node versions' suites running). It matters where the sender's clock starts
 * before the stamp (a call's timeout). A wait that starts after this fake answered (the pacing of
 * a chat, retry_after) cannot come out short by it: the next stamp is taken after that wait.
 */
export const STAMP_LAG_MS = 500;

export type BotApiCall = {
  token: string;
  method: string;
  body: Record<string, unknown>;
  at: number;
  /** A hung call: when the client gave up on it and closed the connection. */
  closedAt?: number;
};

export type FakeFailure =
  | { kind: '429'; retryAfter: number }
  | { kind: '403' }
  | { kind: 'chat_not_found' }
  | { kind: '500' }
  | { kind: 'hang' };

export type FakeBotApi = {
  apiRoot: string;
  /** Every call, failed ones included. */
  calls: BotApiCall[];
  /** sendMessage calls Telegram accepted. */
  delivered(): BotApiCall[];
  /** The next calls of `method` (to `chatId`, when given) fail this way, in order. */
  failNext(failures: FakeFailure[], filter?: { method?: string; chatId?: number }): void;
  close(): Promise<void>;
};

export async function startFakeBotApi(): Promise<FakeBotApi> {
  const calls: BotApiCall[] = [];
  const accepted: BotApiCall[] = [];
  const queue: { failure: FakeFailure; method?: string; chatId?: number }[] = [];
  const hanging = new Set<ServerResponse>();
  let messageId = 0;
  let preparedId = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => resolve(data));
    });

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec((req.url ?? '').split('?')[0] ?? '');
      if (!match) return send(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return send(res, 400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
      }
      const call: BotApiCall = { token: match[1]!, method: match[2]!, body, at: Date.now() };
      calls.push(call);
      const i = queue.findIndex(
        (q) =>
          (!q.method || q.method === call.method) &&
          (q.chatId === undefined || q.chatId === Number(body.chat_id)),
      );
      const failure = i >= 0 ? queue.splice(i, 1)[0]!.failure : undefined;
      switch (failure?.kind) {
        case '429':
          return send(res, 429, {
            ok: false,
            error_code: 429,
            description: `Too Many Requests: retry after ${failure.retryAfter}`,
            parameters: { retry_after: failure.retryAfter },
          });
        case '403':
          return send(res, 403, {
            ok: false,
            error_code: 403,
            description: 'Forbidden: bot was blocked by the user',
          });
        case 'chat_not_found':
          return send(res, 400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
        case '500':
          return send(res, 500, { ok: false, error_code: 500, description: 'Internal Server Error' });
        case 'hang':
          hanging.add(res);
          res.on('close', () => (call.closedAt = Date.now()));
          return;
        default:
      }
      if (call.method === 'sendMessage') {
        accepted.push(call);
        messageId += 1;
        return send(res, 200, {
          ok: true,
          result: {
            message_id: messageId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(body.chat_id), type: 'private' },
            text: body.text,
          },
        });
      }
      if (call.method === 'savePreparedInlineMessage') {
        preparedId += 1;
        return send(res, 200, {
          ok: true,
          result: { id: `prepared-${preparedId}`, expiration_date: Math.floor(Date.now() / 1000) + 86_400 },
        });
      }
      return send(res, 200, { ok: true, result: true });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    delivered: () => [...accepted],
    failNext(failures, filter = {}) {
      for (const failure of failures) queue.push({ failure, ...filter });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits until `check` holds (polling), or fails with `what`. */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
