import type { AdminProduct, ProductCard } from '@shop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { CatalogView } from './catalog-view.tsx';

type Call = { method: string; url: string; body?: unknown };

const card: ProductCard = {
  id: 5,
  spu: 'SPU-5',
  title: 'Кеды',
  computed_title: { title: 'Кеды' },
  brand: null,
  image_src: null,
  images: [],
  min_price: 9990,
  price: 9990,
  in_stock: true,
};

afterEach(() => vi.unstubAllGlobals());

it('hides a product with «Опубликован» and keeps it open though the shop listing drops it', async () => {
  let meta: AdminProduct = { id: 5, spu: 'SPU-5', title: 'Кеды', description: '', is_published: true };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/v1/admin/me')
        return Promise.resolve(Response.json({ result: { telegram_id: 1, role: 'manager' } }));
      if (url.startsWith('/api/v2/product'))
        return Promise.resolve(
          Response.json({ result: { products: meta.is_published ? [card] : [], cursor: null, more: false } }),
        );
      if (url === '/api/v1/admin/products/5' && method === 'PATCH') {
        meta = { ...meta, ...(body as Partial<AdminProduct>) };
        return Promise.resolve(Response.json({ result: meta }));
      }
      if (url === '/api/v1/admin/products/5') return Promise.resolve(Response.json({ result: meta }));
      return Promise.resolve(
        Response.json({ error: { code: 'not_found', message: 'Товар не найден' } }, { status: 404 }),
      );
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CatalogView />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Кеды/ }));
  const toggle = await screen.findByRole('switch', { name: 'Опубликован' });
  expect(toggle).toBeChecked();
  await user.click(toggle);

  await waitFor(() =>
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: '/api/v1/admin/products/5', body: { is_published: false } },
    ]),
  );
  expect(await screen.findByText(/Товар скрыт: покупатели его не видят/)).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Опубликован' })).not.toBeChecked();
  expect(screen.getByText('SPU-5 · скрыт')).toBeInTheDocument();
});
