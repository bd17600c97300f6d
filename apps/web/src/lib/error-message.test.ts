import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import { errorMessage, hasErrorCode } from './error-message.ts';

describe('errorMessage', () => {
  it("shows the server's message for a coded API error", () => {
    const error = new ApiRequestError(409, 'out_of_stock', 'Товар закончился');
    expect(errorMessage(error, 'Не удалось')).toBe('Товар закончился');
  });

  it('shows the network message when the server cannot be reached', () => {
    expect(errorMessage(new ApiRequestError(0, 'network', 'Нет соединения с сервером'), 'Не удалось')).toBe(
      'Нет соединения с сервером',
    );
  });

  it('falls back for an answer without the error envelope, a plain Error and a non-error', () => {
    expect(errorMessage(new ApiRequestError(502, 'http', 'Ошибка сервера (502)'), 'Не удалось')).toBe(
      'Не удалось',
    );
    expect(errorMessage(new TypeError('x is undefined'), 'Не удалось')).toBe('Не удалось');
    expect(errorMessage('boom', 'Не удалось')).toBe('Не удалось');
    expect(errorMessage(undefined, 'Не удалось')).toBe('Не удалось');
  });

  it('hasErrorCode matches the code only', () => {
    const error = new ApiRequestError(409, 'passport_required', 'Заполните паспортные данные');
    expect(hasErrorCode(error, 'passport_required')).toBe(true);
    expect(hasErrorCode(error, 'conflict')).toBe(false);
    expect(hasErrorCode(new Error('Заполните паспортные данные'), 'passport_required')).toBe(false);
  });
});
