// The one way an error becomes text for the shopper: the server's own (Russian) message when the
// API answered with a known code or the network is down, the caller's fallback for everything
// else (an unparsable answer, a bug), whose text would mean nothing to a shopper.
import { ApiRequestError } from './api-client.ts';

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.code !== 'http' && error.message) return error.message;
  return fallback;
}

/** True when the API refused with this code; the code, never the message text, drives behaviour. */
export const hasErrorCode = (error: unknown, code: ApiRequestError['code']): boolean =>
  error instanceof ApiRequestError && error.code === code;
