import type { ApiError, ErrorCode } from '@shop/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
export declare class AppError extends Error {
    readonly statusCode: number;
    readonly code: ErrorCode;
    readonly field?: string | undefined;
    constructor(statusCode: number, code: ErrorCode, message: string, field?: string | undefined);
}
export declare const badRequest: (message: string, field?: string) => AppError;
export declare const unauthorized: (message?: string) => AppError;
export declare const notFound: (message?: string) => AppError;
export declare const conflict: (message: string) => AppError;
/** Fewer units on sale than asked for (or none): the client offers to change the quantity. */
export declare const outOfStock: (message: string) => AppError;
/** An outside service (payment provider, image host) failed or answered nonsense. */
export declare const badGateway: (message: string) => AppError;
/**
 * What an unexpected error may put in the log: its kind, the SQL text without the values, the
 * database's code and constraint, the stack frames. Never the query's parameters (a failed
 * address write logged the name, phone and address) nor a row's contents (docs/product.md §16).
 */
export declare function loggableError(error: unknown): Record<string, unknown>;
export declare function errorBody(code: ErrorCode, message: string, field?: string): ApiError;
/**
 * Errors Fastify raises before routing (a URL that does not decode: 400; a path parameter over
 * maxParamLength: 414), in the one error shape. A Fastify constructor option (app.ts).
 */
export declare function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void;
/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers or URL over
 * maxHeaderSize: 431; a request that does not parse: 400; too slow: 408), answered on the raw
 * socket in the one error shape. A Fastify constructor option (app.ts).
 */
export declare function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void;
declare const _default: (app: FastifyInstance) => Promise<void>;
export default _default;
