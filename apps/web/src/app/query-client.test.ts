import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/api-client.ts';

const notify = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('../components/ui/notify.ts', () => ({ notify }));

const { createQueryClient } = await import('./query-client.ts');

const fail = (error: unknown, meta?: { errorMessage?: string; errorToast?: string }) =>
  new MutationObserver(createQueryClient(), {
    mutationFn: () => Promise.reject(error instanceof Error ? error : new Error(String(error))),
    meta,
  })
    .mutate()
    .catch(() => undefined);

describe('mutation errors become one toast', () => {
  it("toasts the server's message for a mutation with meta.errorMessage", async () => {
    await fail(new ApiRequestError(409, 'out_of_stock', 'Товар закончился'), { errorMessage: 'Не удалось' });
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Товар закончился');
  });

  it('toasts the fallback when the error has no message for the shopper', async () => {
    notify.error.mockClear();
    await fail(new TypeError('x is undefined'), { errorMessage: 'Не удалось оформить заказ' });
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Не удалось оформить заказ');
  });

  it("toasts meta.errorToast as it is, whatever the server said (the spec's fixed texts)", async () => {
    notify.error.mockClear();
    await fail(new ApiRequestError(409, 'out_of_stock', 'Товар закончился'), {
      errorToast: 'Ошибка при добавлении в корзину',
    });
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Ошибка при добавлении в корзину');
  });

  it('leaves a mutation without meta to handle its own errors', async () => {
    notify.error.mockClear();
    await fail(new ApiRequestError(409, 'conflict', 'Нет'));
    expect(notify.error).not.toHaveBeenCalled();
  });
});
