import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/api-client.ts';

const notify = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('../components/ui/notify.ts', () => ({ notify }));

const { createQueryClient } = await import('./query-client.ts');

type Meta = { errorMessage?: string; errorToast?: string; errorByCode?: Record<string, string> };

const fail = (error: unknown, meta?: Meta) =>
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

  it('toasts the text given for the error code, else the fallback', async () => {
    notify.error.mockClear();
    const meta = { errorMessage: 'Не удалось', errorByCode: { invalid_transition: 'Заказ уже в другом статусе' } };
    await fail(new ApiRequestError(409, 'invalid_transition', 'Переход невозможен'), meta);
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Заказ уже в другом статусе');
    notify.error.mockClear();
    await fail(new ApiRequestError(403, 'forbidden', 'Нет прав'), meta);
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Нет прав');
  });
});

describe('query errors toast only when the query asks', () => {
  const load = (meta?: Meta) =>
    new Promise<void>((resolve) => {
      const observer = new QueryObserver(createQueryClient(), {
        queryKey: ['x'],
        queryFn: () => Promise.reject(new ApiRequestError(403, 'forbidden', 'Нет прав')),
        retry: false,
        meta,
      });
      const stop = observer.subscribe((result) => {
        if (result.isError) {
          stop();
          resolve();
        }
      });
    });

  it('toasts a failed query with meta.errorMessage', async () => {
    notify.error.mockClear();
    await load({ errorMessage: 'Не удалось' });
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Нет прав');
  });

  it('is quiet for a query without meta (it shows its failure in place)', async () => {
    notify.error.mockClear();
    await load();
    expect(notify.error).not.toHaveBeenCalled();
  });
});
