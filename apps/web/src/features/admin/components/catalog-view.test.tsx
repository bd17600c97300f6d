import type { AdminProductDetail, AdminProductListItem } from '@shop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { ConfirmDialogHost } from '../../../components/ui/confirm-dialog.tsx';
import { CatalogView } from './catalog-view.tsx';

type Call = { method: string; url: string; body?: unknown };

afterEach(() => vi.unstubAllGlobals());

const BRANDS = [
  { id: 7, name: 'Nike', products: 3 },
  { id: 9, name: 'New Balance', products: 2 },
];

function setup(role: 'owner' | 'manager' | 'viewer') {
  let product: AdminProductDetail = {
    id: 5,
    spu: 'SPU-5',
    title: 'Кеды',
    description: '',
    is_published: true,
    brand: { id: 7, name: 'Nike' },
    image: null,
    variants: [
      {
        id: 51,
        product_id: 5,
        title: 'Кеды',
        price: 10000,
        qty: 4,
        version: 3,
        size: '42',
        color: 'белый',
        sku: 'v0',
      },
    ],
  };
  const item = (): AdminProductListItem => ({
    id: 5,
    spu: 'SPU-5',
    title: 'Кеды',
    is_published: product.is_published,
    image: null,
    min_price: product.variants[0]!.price,
    qty: product.variants[0]!.qty,
  });
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/v1/admin/me')
        return Promise.resolve(Response.json({ result: { telegram_id: 1, role } }));
      if (url.startsWith('/api/v1/admin/products?')) {
        const hiddenOnly = url.includes('hidden=1');
        const list = hiddenOnly && product.is_published ? [] : [item()];
        return Promise.resolve(Response.json({ result: { products: list } }));
      }
      if (url.startsWith('/api/v1/admin/brands?'))
        return Promise.resolve(Response.json({ result: { brands: BRANDS } }));
      if (url === '/api/v1/admin/products/5' && method === 'PATCH') {
        const { brand_id, brand_name, ...rest } = body as { brand_id?: number | null; brand_name?: string };
        product = { ...product, ...(rest as Partial<AdminProductDetail>) };
        if (brand_id !== undefined)
          product.brand = brand_id === null ? null : { id: brand_id, name: BRANDS.find((b) => b.id === brand_id)!.name };
        if (brand_name !== undefined) product.brand = { id: 99, name: brand_name };
        return Promise.resolve(Response.json({ result: product }));
      }
      if (url === '/api/v1/admin/products/5') return Promise.resolve(Response.json({ result: product }));
      if (url === '/api/v1/admin/variants/51' && method === 'PATCH') {
        const v = { ...product.variants[0]!, ...(body as object) };
        product = { ...product, variants: [v] };
        return Promise.resolve(Response.json({ result: v }));
      }
      return Promise.resolve(
        Response.json({ error: { code: 'not_found', message: 'Товар не найден' } }, { status: 404 }),
      );
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CatalogView />
      <ConfirmDialogHost />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

it('hiding asks first; the hidden product stays in the console under «Скрытые»', async () => {
  const { calls, user } = setup('owner');
  await user.click(await screen.findByRole('button', { name: /Кеды/ }));
  const toggle = await screen.findByRole('switch', { name: 'Опубликован' });
  expect(toggle).toBeChecked();
  await user.click(toggle);
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Скрыть товар?');
  await user.click(within(dialog).getByRole('button', { name: 'Скрыть' }));

  await waitFor(() =>
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: '/api/v1/admin/products/5', body: { is_published: false } },
    ]),
  );
  expect(await screen.findByText('Товар скрыт: покупатели его не видят.')).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Скрытые' }));
  expect(await screen.findByText(/SPU-5 · от .* · скрыт/)).toBeInTheDocument();
});

it('a price edit sends only the price; a manager confirms it first; a stock set carries the version read', async () => {
  const { calls, user } = setup('manager');
  await user.click(await screen.findByRole('button', { name: /Кеды/ }));
  const price = await screen.findByRole('textbox', { name: 'Цена: белый · 42' });
  // Editable once the staff role has loaded.
  await waitFor(() => expect(price).toBeEnabled());
  await user.clear(price);
  await user.type(price, '9000');
  await user.click(screen.getByRole('button', { name: 'ОК' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Изменить цену?');
  await user.click(within(dialog).getByRole('button', { name: 'Изменить цену' }));
  await waitFor(() =>
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: '/api/v1/admin/variants/51', body: { price: 9000 } },
    ]),
  );

  const qty = await screen.findByRole('textbox', { name: 'Остаток: белый · 42' });
  await user.clear(qty);
  await user.type(qty, '7');
  await user.click(screen.getByRole('button', { name: 'ОК' }));
  await waitFor(() =>
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)).toEqual({
      method: 'PATCH',
      url: '/api/v1/admin/variants/51',
      body: { qty: 7, version: 3 },
    }),
  );
});

it('an owner is asked before a price drops by more than 30 %', async () => {
  const { calls, user } = setup('owner');
  await user.click(await screen.findByRole('button', { name: /Кеды/ }));
  const price = await screen.findByRole('textbox', { name: 'Цена: белый · 42' });
  // Editable once the staff role has loaded.
  await waitFor(() => expect(price).toBeEnabled());
  await user.clear(price);
  await user.type(price, '100');
  await user.click(screen.getByRole('button', { name: 'ОК' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Цена снижается больше чем на 30 %');
  await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
});

it("the brand is changed in the form: another of the shop's, a new one typed, or none", async () => {
  const { calls, user } = setup('owner');
  await user.click(await screen.findByRole('button', { name: /Кеды/ }));
  const brand = await screen.findByRole('combobox', { name: 'Бренд' });
  expect(brand).toHaveValue('Nike');
  const save = screen.getByRole('button', { name: 'Сохранить' });
  expect(save).toBeDisabled();
  // The same brand typed in another case is no change.
  await user.clear(brand);
  await user.type(brand, 'nike');
  expect(save).toBeDisabled();

  await user.clear(brand);
  await user.type(brand, 'New');
  await user.click(await screen.findByRole('option', { name: /New Balance/ }));
  expect(brand).toHaveValue('New Balance');
  expect(save).toBeEnabled();
  await user.click(save);
  await waitFor(() =>
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        url: '/api/v1/admin/products/5',
        body: { title: 'Кеды', description: '', brand_id: 9 },
      },
    ]),
  );
  // Saved: the form reads the product again and has nothing more to save.
  await waitFor(() => expect(save).toBeDisabled());

  await user.clear(brand);
  await user.type(brand, 'Зефир');
  expect(await screen.findByRole('option', { name: 'Новый бренд «Зефир»' })).toBeInTheDocument();
  expect(screen.getByText('Новый бренд «Зефир» появится, когда вы сохраните товар')).toBeInTheDocument();
  await user.click(save);
  await waitFor(() =>
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({
      title: 'Кеды',
      description: '',
      brand_name: 'Зефир',
    }),
  );

  await user.clear(brand);
  await waitFor(() => expect(save).toBeEnabled());
  await user.click(save);
  await waitFor(() =>
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({
      title: 'Кеды',
      description: '',
      brand_id: null,
    }),
  );
});

it('a viewer sees the brand without a field to change it', async () => {
  const { calls, user } = setup('viewer');
  await user.click(await screen.findByRole('button', { name: /Кеды/ }));
  expect(await screen.findByText('Nike')).toBeInTheDocument();
  // Once the staff role has loaded (the title field stays read-only for a viewer).
  await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/admin/me')).toBe(true));
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Цена: белый · 42' })).toBeDisabled());
  expect(screen.queryByRole('combobox', { name: 'Бренд' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
});
