import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import { showFieldError } from './field-error.ts';

describe('showFieldError', () => {
  it("puts the API's message under the field it names", () => {
    const setError = vi.fn();
    const error = new ApiRequestError(409, 'conflict', 'Промокод занят', 'promo_code');
    expect(showFieldError(setError, error, { promo_code: 'ANNA', url: 'x' })).toBe(true);
    expect(setError).toHaveBeenCalledWith('promo_code', { message: 'Промокод занят' });
  });

  it('leaves the form alone for a field it lacks, an error without a field, or another error', () => {
    const setError = vi.fn();
    const values = { url: 'x' };
    expect(
      showFieldError(setError, new ApiRequestError(409, 'conflict', 'Занят', 'promo_code'), values),
    ).toBe(false);
    expect(showFieldError(setError, new ApiRequestError(409, 'conflict', 'Занят'), values)).toBe(false);
    expect(showFieldError(setError, new Error('url'), values)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
