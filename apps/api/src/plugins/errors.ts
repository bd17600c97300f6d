// The one error shape of the API: `{ error: { code, message, field? } }`. 4xx say what is wrong;
// 5xx never show internals.
import type { ApiError, ErrorCode } from '@shop/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Validation messages the contract does not word itself reach people in Russian, never as raw
// English (issue 25: «body.tracking_number: Too small…» in the console). Set once for the API.
z.config(z.locales.ru());

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError(400, 'bad_request', message, field);
export const unauthorized = (message = 'Требуется авторизация') => new AppError(401, 'unauthorized', message);
export const notFound = (message = 'Не найдено') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
/** Fewer units on sale than asked for (or none): the client offers to change the quantity. */
export const outOfStock = (message: string) => new AppError(409, 'out_of_stock', message);
/** An outside service (payment provider, image host) failed or answered nonsense. */
export const badGateway = (message: string) => new AppError(502, 'bad_gateway', message);

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/**
 * What an unexpected error may put in the log: its kind, the SQL text without the values, the
 * database's code and constraint, the stack frames. Never the query's parameters (a failed
 * address write logged the name, phone and address) nor a row's contents (docs/product.md §16).
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const e = error as Error & { query?: unknown; code?: unknown };
  const cause = e.cause as (Error & { code?: unknown; constraint?: unknown; table?: unknown }) | undefined;
  const frames = (stack: string | undefined) =>
    (stack ?? '')
      .split('\n')
      .filter((l) => l.trimStart().startsWith('at '))
      .slice(0, 12)
      .join('\n');
  // A database message may quote the offending value (`invalid input syntax for type …: "…"`).
  const unquote = (m: string) => m.replace(/"[^"]*"/g, '"…"');
  return {
    type: e.name,
    message: typeof e.query === 'string' ? 'Failed query' : unquote(e.message.split('\nparams:')[0] ?? ''),
    ...(typeof e.query === 'string' ? { query: e.query } : {}),
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(cause instanceof Error
      ? {
          cause: {
            type: cause.name,
            message: unquote(cause.message),
            ...(cause.code !== undefined ? { code: cause.code } : {}),
            ...(cause.constraint !== undefined ? { constraint: cause.constraint } : {}),
            ...(cause.table !== undefined ? { table: cause.table } : {}),
          },
        }
      : {}),
    stack: frames(e.stack),
  };
}

export function errorBody(code: ErrorCode, message: string, field?: string): ApiError {
  return { error: field ? { code, message, field } : { code, message } };
}

/**
 * Errors Fastify raises before routing (a URL that does not decode: 400; a path parameter over
 * maxParamLength: 414), in the one error shape. A Fastify constructor option (app.ts).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send(errorBody('bad_request', 'Слишком длинный адрес запроса'));
    return;
  }
  void reply.code(400).send(errorBody('bad_request', 'Некорректный адрес запроса'));
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers or URL over
 * maxHeaderSize: 431; a request that does not parse: 400; too slow: 408), answered on the raw
 * socket in the one error shape. A Fastify constructor option (app.ts).
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Слишком большие заголовки запроса']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Запрос не успел прийти целиком']
        : [400, 'Некорректный запрос'];
  if (socket.writable) {
    const body = JSON.stringify(errorBody('bad_request', message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const where = error.validationContext ?? 'request';
        const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
        const field = path ? `${where}.${path}` : where;
        return reply
          .code(400)
          .send(errorBody('bad_request', `${field}: ${first?.message ?? 'invalid'}`, field));
      }
      if (error instanceof AppError) {
        return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.field));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply
          .code(status)
          .send(errorBody(CODE_BY_STATUS[status] ?? 'bad_request', error.message || 'Некорректный запрос'));
      }
      request.log.error({ err: loggableError(error) }, 'unhandled error');
      return reply.code(500).send(errorBody('internal', 'Внутренняя ошибка сервера'));
    });
  },
  { name: 'errors' },
);
