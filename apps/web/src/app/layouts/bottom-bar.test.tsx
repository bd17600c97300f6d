import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BottomBar } from './bottom-bar.tsx';

function renderAt(path: string, cartLen: number) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify({ result: { len: cartLen } }), { status: 200 })),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <BottomBar /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('bottom bar (docs/product.md §2)', () => {
  it('"five tabs (home, favorites, catalog, basket, profile)"', () => {
    renderAt('/', 0);
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Главная',
      'Избранное',
      'Каталог',
      'Корзина',
      'Профиль',
    ]);
  });

  it('"The basket tab shows a badge with the cart item count when non-zero"', async () => {
    const { fetchMock } = renderAt('/', 3);
    expect(await screen.findByLabelText('Товаров в корзине: 3')).toHaveTextContent('3');
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/cart/len', expect.anything());
  });

  it('shows no badge when the cart is empty', async () => {
    const { fetchMock } = renderAt('/', 0);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByLabelText(/Товаров в корзине/)).toBeNull();
  });

  it('"Tapping the catalog tab while in the catalog scrolls to top"', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderAt('/catalog', 0);
    await user.click(screen.getByRole('link', { name: 'Каталог' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(router.state.location.pathname).toBe('/catalog');

    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'Главная' }));
    expect(router.state.location.pathname).toBe('/');
    await user.click(screen.getByRole('link', { name: 'Каталог' }));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/catalog');
  });

  it('on a category grid the catalogue tab scrolls to top and stays on the category (docs/product.md §2: filters persist there)', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderAt('/catalog/12', 0);
    await user.click(screen.getByRole('link', { name: 'Каталог' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(router.state.location.pathname).toBe('/catalog/12');
  });
});
