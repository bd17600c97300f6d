import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLayerStack } from '../../../components/ui/layer-stack-store.ts';
import { useSearchHistoryStore } from '../search-history-store.ts';
import { useSearchOverlayStore } from '../search-overlay-store.ts';
import { SearchOverlay, SearchTrigger } from './search-overlay.tsx';

vi.mock('../../../telegram/cloud-storage.ts', () => ({
  cloudRead: () => Promise.resolve(null),
  cloudWrite: () => Promise.resolve(false),
}));

let requested: string[] = [];

beforeEach(() => {
  requested = [];
  useSearchHistoryStore.setState({ searches: [], lastUpdated: 0 });
  useSearchOverlayStore.setState({ isOpen: false, query: '' });
  useLayerStack.setState({ layers: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      requested.push(url);
      const prefix = new URL(url, 'http://x').searchParams.get('prefix') ?? '';
      const suggestions = [`${prefix} Air Max`, `${prefix} Dunk`].map((text) => ({ text }));
      return Promise.resolve(new Response(JSON.stringify({ result: { suggestions } }), { status: 200 }));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderShell() {
  const client = new QueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <SearchTrigger />
            <SearchOverlay />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('search overlay (docs/product.md §2, §5)', () => {
  it('opens full screen when the search input is focused, with the placeholder and the nine brands', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('searchbox', { name: 'Поиск товаров' }));
    const input = screen.getByRole('searchbox', { name: 'Поиск' });
    expect(input).toHaveAttribute('placeholder', 'Товар, бренд, пользователь');
    expect(screen.getByText('Рекомендуемые бренды')).toBeVisible();
    expect(
      screen.getAllByRole('button', {
        name: /^(Nike|Adidas|Zara|Uniqlo|Guess|Mango|Uzefi|Tommy Hilfiger|Puma)$/,
      }),
    ).toHaveLength(9);
    expect(document.body.style.overflow).toBe('hidden');
    expect(useLayerStack.getState().layers.map((l) => l.kind)).toEqual(['search']);
  });

  it('"suggestions requested only with a non-empty prefix", 20 at a time', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('searchbox', { name: 'Поиск товаров' }));
    const input = screen.getByRole('searchbox', { name: 'Поиск' });
    await user.type(input, '   ');
    expect(requested).toEqual([]);
    await user.clear(input);
    await user.type(input, 'Nike');
    expect(await screen.findByText(/Air Max/)).toBeVisible();
    expect(requested.at(-1)).toBe('/api/v1/search-suggest?prefix=Nike&size=20');
  });

  it('Enter on a non-blank query saves it, closes the overlay and goes to search?q=; the query is cleared', async () => {
    const user = userEvent.setup();
    const router = renderShell();
    await user.click(screen.getByRole('searchbox', { name: 'Поиск товаров' }));
    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), '  Zara платье {Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('Zara платье')}`);
    expect(useSearchHistoryStore.getState().searches).toEqual(['Zara платье']);
    expect(useSearchOverlayStore.getState()).toMatchObject({ isOpen: false, query: '' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('"Search ignored when the trimmed query is empty"', async () => {
    const user = userEvent.setup();
    const router = renderShell();
    await user.click(screen.getByRole('searchbox', { name: 'Поиск товаров' }));
    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), '   {Enter}');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('dialog', { name: 'Поиск' })).toBeVisible();
    expect(useSearchHistoryStore.getState().searches).toEqual([]);
  });

  it('choosing a recent search or a brand saves it and searches for it; history is clearable', async () => {
    const user = userEvent.setup();
    useSearchHistoryStore.setState({ searches: ['кроссовки'], lastUpdated: 1 });
    const router = renderShell();
    await user.click(screen.getByRole('searchbox', { name: 'Поиск товаров' }));
    expect(screen.getByText('Вы недавно искали')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Puma' }));
    expect(router.state.location.search).toBe('?q=Puma');
    expect(useSearchHistoryStore.getState().searches).toEqual(['Puma', 'кроссовки']);

    await user.click(screen.getByRole('searchbox', { name: 'Поиск товаров' }));
    await user.click(screen.getByRole('button', { name: 'Очистить' }));
    expect(useSearchHistoryStore.getState().searches).toEqual([]);
    expect(screen.queryByText('Вы недавно искали')).toBeNull();
  });

  it('"Отменить" closes the overlay and clears the query', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('searchbox', { name: 'Поиск товаров' }));
    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(useSearchOverlayStore.getState()).toMatchObject({ isOpen: false, query: '' });
    expect(useLayerStack.getState().layers).toEqual([]);
  });
});
