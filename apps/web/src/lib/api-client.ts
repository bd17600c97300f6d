// The one HTTP client of the app: JSON in and out, the bearer token from `access_token`, errors
// turned into ApiRequestError with the server's (Russian) message.
import { ApiErrorSchema, type ErrorCode } from '@shop/contract';
import type { z } from 'zod';
import { readString, STORAGE_KEYS } from './storage.ts';

/** The contract's codes, plus the two the client itself produces: no answer, and an answer without the envelope. */
export type ApiRequestErrorCode = ErrorCode | 'network' | 'http';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiRequestErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export type RequestOptions<S extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; undefined, null and empty values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Contract schema the answer is parsed with. */
  schema: S;
};

export function buildUrl(path: string, query?: RequestOptions<z.ZodType>['query']): string {
  const url = `/api${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

export async function api<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = readString(STORAGE_KEYS.accessToken);
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'network', 'Нет соединения с сервером');
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(payload);
    if (parsed.success) {
      const { code, message, field } = parsed.data.error;
      throw new ApiRequestError(response.status, code, message, field);
    }
    throw new ApiRequestError(response.status, 'http', `Ошибка сервера (${response.status})`);
  }
  return options.schema.parse(payload);
}

/** A file answer (CSV export) as a Blob, with the same token and the same error shape. */
export async function apiBlob(path: string, query?: RequestOptions<z.ZodType>['query']): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = readString(STORAGE_KEYS.accessToken);
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers });
  } catch {
    throw new ApiRequestError(0, 'network', 'Нет соединения с сервером');
  }
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(await response.json().catch(() => undefined));
    if (parsed.success) {
      const { code, message, field } = parsed.data.error;
      throw new ApiRequestError(response.status, code, message, field);
    }
    throw new ApiRequestError(response.status, 'http', `Ошибка сервера (${response.status})`);
  }
  return response.blob();
}
