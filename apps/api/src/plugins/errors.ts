// The one error shape of the API: `{ error: { code, message, field? } }`. 4xx say what is wrong;
// 5xx never show internals.
import type { ApiError, ErrorCode } from '@shop/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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

export function errorBody(code: ErrorCode, message: string, field?: string): ApiError {
  return { error: field ? { code, message, field } : { code, message } };
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
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send(errorBody('internal', 'Внутренняя ошибка сервера'));
    });
  },
  { name: 'errors' },
);
