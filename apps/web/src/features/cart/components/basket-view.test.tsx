import type { CartEntry } from '@shop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BasketView } from './basket-view.tsx';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../../components/ui/notify.ts', () => ({ notify }));

const variant = (id: number, price: number, quantity: number, qty = 10) => ({
  id,
  price,
  title: `v${id}`,
  size: 'M',
  size_eu: '42',
  color: 'Чёрный',
  image: null,
  qty,
  quantity,
});

const entry = (productId: number, title: string, variants: ReturnType<typeof variant>[]): CartEntry => ({
  product_id: productId,
  product: {
    id: productId,
    spu: `spu${productId}`,
    title,
    image_src: null,
    price: variants[0]?.price ?? 0,
    min_price: 0,
    in_stock: true,
    brand: { id: 1, name: 'Nike', logo_url: null },
  },
  variants,
});

function setup(cart: CartEntry[], toFavorites?: (line: { product_id: number; variant_id: number }) => Promise<unknown>) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const removed = new Map<number, { entry: CartEntry; variant: CartEntry['variants'][number] }>();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
      if (method === 'GET' && url === '/api/v1/cart') return Promise.resolve(Response.json({ result: cart }));
      if (method === 'GET') return Promise.resolve(Response.json({ result: { len: 0 } }));
      // The server side of the cart: PATCH and DELETE change what the next GET answers.
      const variantId = Number(url.split('/').at(-1));
      if (method === 'POST' && url === '/api/v1/favorites') {
        return Promise.resolve(Response.json({ result: { product_id: 1 } }));
      }
      if (method === 'POST') {
        // «Вернуть»: the line comes back with its quantity.
        const body = calls.at(-1)?.body as { product_id: number; variant_id: number; quantity: number };
        const back = removed.get(body.variant_id);
        if (back) {
          back.entry.variants.push({ ...back.variant, quantity: body.quantity });
          if (!cart.includes(back.entry)) cart.push(back.entry);
        }
        return Promise.resolve(Response.json({ result: body }));
      }
      if (method === 'DELETE') {
        for (const e of cart) for (const v of e.variants) if (v.id === variantId) removed.set(v.id, { entry: e, variant: v });
        for (const e of cart) e.variants = e.variants.filter((v) => v.id !== variantId);
        cart.splice(0, cart.length, ...cart.filter((e) => e.variants.length > 0));
        return Promise.resolve(Response.json({ result: { variant_id: variantId } }));
      }
      const { quantity } = calls.at(-1)?.body as { quantity: number };
      for (const e of cart) for (const v of e.variants) if (v.id === variantId) v.quantity = quantity;
      return Promise.resolve(Response.json({ result: { product_id: 1, variant_id: variantId, quantity } }));
    }),
  );
  const onCheckout = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <BasketView onCheckout={onCheckout} toFavorites={toFavorites} /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, onCheckout };
}

const text = (el: HTMLElement) => el.textContent?.replace(/\s/g, ' ');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The «Вернуть» of the last success toast. */
const undoOfLastToast = () => {
  const options = notify.success.mock.calls.at(-1)?.[1] as { action: { label: string; onClick: () => void } };
  expect(options.action.label).toBe('Вернуть');
  return options.action.onClick;
};

describe('basket', () => {
  it('selects every line by default; the total follows the selection; ordering passes the chosen variants', async () => {
    const user = userEvent.setup();
    const { onCheckout } = setup([
      entry(1, 'Кроссовки Nike', [variant(11, 1490, 2)]),
      entry(2, 'Футболка Nike', [variant(21, 990, 1)]),
    ]);
    expect(text(await screen.findByTestId('basket-total'))).toBe('3 970 ₽');
    expect(screen.getByText('Итого, 3 товара')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Выбрать: Футболка Nike' }));
    expect(text(screen.getByTestId('basket-total'))).toBe('2 980 ₽');
    expect(screen.getByRole('checkbox', { name: 'Выбрать все' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect(onCheckout).toHaveBeenCalledWith([11]);

    await user.click(screen.getByRole('checkbox', { name: 'Выбрать все' }));
    expect(text(screen.getByTestId('basket-total'))).toBe('3 970 ₽');
  });

  it('a line out of stock cannot be chosen; with nothing chosen ordering is disabled', async () => {
    const user = userEvent.setup();
    setup([entry(1, 'Кроссовки Nike', [variant(11, 1490, 1)]), entry(2, 'Кепка', [variant(21, 500, 1, 0)])]);
    expect(await screen.findByRole('checkbox', { name: 'Выбрать: Кепка' })).toBeDisabled();
    expect(screen.getByText('Нет в наличии')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать: Кроссовки Nike' }));
    expect(screen.getByRole('button', { name: 'Оформить заказ' })).toBeDisabled();
  });

  it('"+" sends PATCH /cart/{variant_id} with the new quantity and shows it at once', async () => {
    const user = userEvent.setup();
    const { calls } = setup([entry(1, 'Кроссовки Nike', [variant(11, 1490, 1)])]);
    await user.click(await screen.findByRole('button', { name: 'Увеличить количество' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Количество: Кроссовки Nike' })).toHaveTextContent('−2+'),
    );
    expect(text(screen.getByTestId('basket-total'))).toBe('2 980 ₽');
    expect(calls).toContainEqual({ method: 'PATCH', url: '/api/v1/cart/11', body: { quantity: 2 } });
  });

  it('removal asks nothing: DELETE at once, and the toast\'s «Вернуть» brings the line back with its quantity', async () => {
    const user = userEvent.setup();
    const { calls } = setup([entry(1, 'Кроссовки Nike', [variant(11, 1490, 3)])]);
    await user.click(await screen.findByRole('button', { name: 'Удалить: Кроссовки Nike' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'DELETE', url: '/api/v1/cart/11', body: undefined }),
    );
    expect(await screen.findByText('В корзине пока пусто')).toBeInTheDocument();
    expect(notify.success).toHaveBeenLastCalledWith('Товар удалён из корзины', expect.anything());

    undoOfLastToast()();
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/api/v1/cart',
        body: { product_id: 1, variant_id: 11, quantity: 3 },
      }),
    );
    expect(await screen.findByRole('group', { name: 'Количество: Кроссовки Nike' })).toHaveTextContent('−3+');
  });

  it('"−" at quantity 1 removes the line the same way', async () => {
    const user = userEvent.setup();
    const { calls } = setup([entry(1, 'Кроссовки Nike', [variant(11, 1490, 1)])]);
    await user.click(await screen.findByRole('button', { name: 'Уменьшить количество' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'DELETE', url: '/api/v1/cart/11', body: undefined }),
    );
    expect(notify.success).toHaveBeenLastCalledWith('Товар удалён из корзины', expect.anything());
  });

  it('«В избранное» adds the line\'s size to the favourites, then takes it out of the basket', async () => {
    const user = userEvent.setup();
    const toFavorites = vi.fn(() => Promise.resolve());
    const { calls } = setup(
      [entry(1, 'Кроссовки Nike', [variant(11, 1490, 1)]), entry(2, 'Футболка Nike', [variant(21, 990, 1)])],
      toFavorites,
    );
    await user.click(await screen.findByRole('button', { name: 'В избранное: Кроссовки Nike' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'DELETE', url: '/api/v1/cart/11', body: undefined }),
    );
    expect(toFavorites).toHaveBeenCalledWith({ product_id: 1, variant_id: 11 });
    await waitFor(() => expect(screen.queryByText('Кроссовки Nike')).not.toBeInTheDocument());
    expect(notify.success).toHaveBeenLastCalledWith('Товар перенесён в избранное', expect.anything());
  });

  it('without favourites from the page a line has no «В избранное»', async () => {
    setup([entry(1, 'Кроссовки Nike', [variant(11, 1490, 1)])]);
    await screen.findByText('Кроссовки Nike');
    expect(screen.queryByRole('button', { name: /^В избранное/ })).not.toBeInTheDocument();
  });

  it('an empty cart shows the way to the catalogue', async () => {
    setup([]);
    expect(await screen.findByText('В корзине пока пусто')).toBeInTheDocument();
    expect(within(document.body).getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute(
      'href',
      '/catalog',
    );
  });
});
