import type { AdminOrderRow, StaffRole } from '@shop/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import { adminOrder } from '../test-fixtures.ts';
import { OrdersView } from './orders-view.tsx';

const notify = vi.hoisted(() => ({ success: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../components/ui/notify.ts', () => ({ notify }));
vi.mock('../../../components/ui/confirm-store.ts', () => ({ confirm: () => Promise.resolve(true) }));

const row = (id: number, status: AdminOrderRow['status']): AdminOrderRow => ({
  id,
  status,
  total: 1000 + id,
  items_count: 1,
  user: {
    id: 1,
    telegram_id: 10,
    first_name: 'Ольга',
    last_name: null,
    username: 'olga',
    unreachable: false,
  },
  recipient: 'Ольга Консольная',
  phone_number: '+79120000000',
  city: 'Пермь',
  tracking_number: null,
  needs_refund: false,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
});

const counts = {
  awaiting_payment: 1,
  paid: 2,
  purchasing: 0,
  to_warehouse: 0,
  customs: 1,
  delivering: 0,
  ready_for_pickup: 0,
  completed: 0,
  canceled: 0,
  refunded: 0,
  needs_refund: 1,
};

/** `refuse`: the orders whose status change the server refuses (moved meanwhile). */
function setup(role: StaffRole, refuse: number[] = []) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      const status = /^\/api\/v1\/admin\/orders\/(\d+)\/status$/.exec(url);
      if (status) {
        const id = Number(status[1]);
        return Promise.resolve(
          refuse.includes(id)
            ? Response.json(
                { error: { code: 'invalid_transition', message: 'Переход невозможен' } },
                { status: 409 },
              )
            : Response.json({ result: adminOrder({ id, status: 'purchasing' }) }),
        );
      }
      if (url === '/api/v1/admin/me')
        return Promise.resolve(Response.json({ result: { telegram_id: 1, role } }));
      const cursor = new URL(url, 'http://x').searchParams.get('cursor');
      // Two keyset pages: the first names the cursor of the second.
      const page = cursor
        ? { orders: [row(1, 'awaiting_payment')], cursor: null, more: false, counts }
        : { orders: [row(4, 'paid'), row(3, 'customs'), row(2, 'paid')], cursor: 'c2', more: true, counts };
      return Promise.resolve(Response.json({ result: page }));
    }),
  );
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter([{ path: '*', element: <OrdersView /> }], { initialEntries: ['/admin'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { urls, router };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the console orders list', () => {
  it('shows tabs with counts, pages on with the cursor, and filters by tab and search in the address', async () => {
    const { urls, router } = setup('manager');
    expect(await screen.findByRole('tab', { name: 'Все 4' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Нужен возврат 1' })).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: /^№\d+$/ })).toHaveLength(3);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByRole('link', { name: '№1' })).toBeInTheDocument();
    expect(urls).toContain('/api/v1/admin/orders?cursor=c2&limit=50');
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Оплачен 2' }));
    expect(router.state.location.search).toBe('?status=paid');
    await waitFor(() => expect(urls).toContain('/api/v1/admin/orders?status=paid&limit=50'));

    await user.type(screen.getByRole('searchbox', { name: 'Поиск заказов' }), '@olga');
    await waitFor(() => expect(router.state.location.search).toBe('?status=paid&q=%40olga'));
    await waitFor(() => expect(urls).toContain('/api/v1/admin/orders?status=paid&q=%40olga&limit=50'));
  });

  it('offers a bulk change only to statuses every selected order may take', async () => {
    setup('manager');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Выбрать заказ 4' }));
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать заказ 3' }));
    const bar = screen.getByRole('region', { name: 'Действия с выбранными' });
    expect(bar).toHaveTextContent('Выбрано: 2');
    const options = within(within(bar).getByRole('combobox', { name: 'Новый статус' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    // paid → … and customs → …: only what lies beyond customs is common to both.
    expect(options).toEqual(['Новый статус…', 'Доставляется', 'Готов к выдаче', 'Получен']);
  });

  it('says how many of the selected orders changed; a change refused for all is an error', async () => {
    const bulk = async () => {
      const user = userEvent.setup();
      await user.click(await screen.findByRole('checkbox', { name: 'Выбрать заказ 4' }));
      await user.click(screen.getByRole('checkbox', { name: 'Выбрать заказ 2' }));
      const bar = screen.getByRole('region', { name: 'Действия с выбранными' });
      await user.selectOptions(within(bar).getByRole('combobox', { name: 'Новый статус' }), 'Выкупаем товар');
      await user.click(within(bar).getByRole('button', { name: 'Применить' }));
    };
    const first = setup('manager', [2]);
    await bulk();
    await waitFor(() =>
      expect(notify.warning).toHaveBeenCalledExactlyOnceWith('Изменено 1 из 2; остальные уже в другом статусе'),
    );
    expect(first.urls.filter((u) => u.endsWith('/status'))).toHaveLength(2);
    expect(notify.error).not.toHaveBeenCalled();

    document.body.innerHTML = '';
    setup('manager', [2, 4]);
    await bulk();
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledExactlyOnceWith('Статус не изменён: заказы уже в другом статусе'),
    );
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('gives a viewer no selection at all', async () => {
    setup('viewer');
    expect(await screen.findAllByRole('link', { name: /^№\d+$/ })).toHaveLength(3);
    expect(screen.queryByRole('checkbox', { name: 'Выбрать заказ 4' })).not.toBeInTheDocument();
  });

  it('exports the filter per order and per order line', async () => {
    const { urls } = setup('viewer');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'CSV по позициям' }));
    await waitFor(() =>
      expect(urls.some((u) => u.startsWith('/api/v1/admin/orders/export-lines.csv'))).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(urls.some((u) => u.startsWith('/api/v1/admin/orders/export.csv'))).toBe(true));
  });
});
