// The one HTTP client of the app: JSON in and out, the bearer token from `access_token`, errors
// turned into ApiRequestError with the server's (Russian) message.
// Answers are parsed with their contract schema when the caller passes one; the reads the first
// screen makes pass none and are typed only, so zod and the schemas stay off the first screen
// (docs/decisions/026). The server checks its answers against the same contract in its tests.
import type { ErrorCode } from '@shop/contract';
import { takeFirstScreenAnswer } from './first-screen-answers.ts';
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

/** A contract schema, seen only as something that turns an unknown answer into T. */
export type AnswerSchema<T> = { parse(payload: unknown): T };

/** The parsed answer type of a contract schema: `api<Answer<typeof XResponseSchema>>(…)` with `import type`. */
export type Answer<S> = S extends AnswerSchema<infer T> ? T : never;

export type RequestOptions<T = unknown> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; undefined, null and empty values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Contract schema the answer is parsed with; without one the answer is taken as T. */
  schema?: AnswerSchema<T>;
};

/** The error envelope `{ error: { code, message, field? } }`, checked by hand (no schema library). */
function errorOf(payload: unknown): { code: ErrorCode; message: string; field?: string } | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const error = (payload as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, field } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  if (field !== undefined && typeof field !== 'string') return undefined;
  return { code: code as ErrorCode, message, field };
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
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

export async function api<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  // A public catalogue answer the server wrote into the HTML (docs/decisions/033) stands in for
  // the first fetch of its address.
  if ((options.method ?? 'GET') === 'GET') {
    const given = takeFirstScreenAnswer(buildUrl(path, options.query));
    if (given !== undefined) return options.schema ? options.schema.parse(given) : (given as T);
  }
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
    const error = errorOf(payload);
    if (error) throw new ApiRequestError(response.status, error.code, error.message, error.field);
    throw new ApiRequestError(response.status, 'http', `Ошибка сервера (${response.status})`);
  }
  return options.schema ? options.schema.parse(payload) : (payload as T);
}

/** A file answer (CSV export) as a Blob, with the same token and the same error shape. */
export async function apiBlob(path: string, query?: RequestOptions['query']): Promise<Blob> {
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
    const error = errorOf(await response.json().catch(() => undefined));
    if (error) throw new ApiRequestError(response.status, error.code, error.message, error.field);
    throw new ApiRequestError(response.status, 'http', `Ошибка сервера (${response.status})`);
  }
  return response.blob();
}

/**
 * A multipart upload (search by photo) with upload progress, which fetch cannot report: the same
 * token, the same error shape and the same contract parsing as `api`.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  options: { schema: AnswerSchema<T>; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('accept', 'application/json');
    const token = readString(STORAGE_KEYS.accessToken);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'network', 'Нет соединения с сервером'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = errorOf(payload);
        if (error) reject(new ApiRequestError(xhr.status, error.code, error.message, error.field));
        else reject(new ApiRequestError(xhr.status, 'http', `Ошибка сервера (${xhr.status})`));
        return;
      }
      try {
        resolve(options.schema.parse(payload));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
