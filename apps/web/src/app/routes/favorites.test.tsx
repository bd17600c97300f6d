import type { Favorite } from '@shop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { Component as FavoritesPage } from './favorites.tsx';

const favorite = (id: number, variant: Favorite['variant']): Favorite => ({
  id,
  product: {
    id: 100 + id,
    spu: `S${id}`,
    title: `Кеды ${id}`,
    image_src: null,
    price: 9990,
    min_price: 9990,
    in_stock: true,
    brand: null,
  },
  variant_id: variant?.id ?? null,
  variant,
  created_at: '2026-11-22T10:00:00Z',
});

afterEach(() => vi.unstubAllGlobals());

it('names each favourite’s size from the variant the list carries, with no request per product', async () => {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      requested.push(url);
      const favoriteList = [
        favorite(1, { id: 11, title: '42', size: '42', size_eu: '42', color: 'Черный' }),
        favorite(2, null),
      ];
      return Promise.resolve(Response.json({ result: { favoriteList, more: false, cursor: null } }));
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <FavoritesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

  const items = await screen.findAllByRole('listitem');
  // Issue 27: the colour is named as a colour, never «Размер: Черный · 42 EU».
  expect(within(items[0]!).getByRole('button', { name: /размер 42 EU/ })).toHaveTextContent(
    /^Черный, размер 42 EU$/,
  );
  expect(within(items[1]!).getByRole('button', { name: /^Размер:/ })).toHaveTextContent('Размер: выбрать');
  expect(requested).toEqual(['/api/v1/favorites?size=20']);
});
