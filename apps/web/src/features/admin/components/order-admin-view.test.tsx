import type { AdminOrder, Passport, StaffRole } from '@shop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialogHost } from '../../../components/ui/confirm-dialog.tsx';
import { useConfirmStore } from '../../../components/ui/confirm-store.ts';
import { adminOrder as order } from '../test-fixtures.ts';
import { OrderAdminView } from './order-admin-view.tsx';


type Call = { method: string; url: string; body?: unknown };

const passport = (masked: boolean): Passport => ({
  last_name: 'Петров',
  first_name: 'Иван',
  middle_name: '',
  birth_date: '1990-01-02',
  series: masked ? '****' : '4510',
  number: masked ? '****56' : '123456',
  issue_date: '2010-03-04',
  inn: masked ? '**********47' : '500100732247',
  email: 'ivan@example.com',
  masked,
});

function setup(role: StaffRole, current: AdminOrder) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/v1/admin/me')
        return Promise.resolve(Response.json({ result: { telegram_id: 1, role } }));
      if (url.includes('/passport'))
        return Promise.resolve(Response.json({ result: passport(!url.endsWith('reveal=1')) }));
      if (method === 'GET') return Promise.resolve(Response.json({ result: current }));
      if (url.endsWith('/restore')) {
        current = { ...current, status: 'paid', needs_refund: false };
        return Promise.resolve(Response.json({ result: current }));
      }
      if (url.endsWith('/refund')) {
        current = { ...current, status: 'refunded', refunded_amount: current.paid_amount };
        const refund = { id: 1, order_id: current.id, amount: current.paid_amount, status: 'succeeded' };
        return Promise.resolve(
          Response.json({
            result: {
              ...refund,
              payment_id: 1,
              reason: 'x',
              provider_refund_id: null,
              actor: null,
              created_at: '2026-11-20T10:06:00.000Z',
            },
          }),
        );
      }
      if (url.endsWith('/status')) {
        current = { ...current, status: (body as { status: AdminOrder['status'] }).status };
        return Promise.resolve(Response.json({ result: current }));
      }
      return Promise.resolve(
        Response.json({ error: { code: 'not_found', message: 'нет' } }, { status: 404 }),
      );
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <OrderAdminView id={7} />
          <ConfirmDialogHost />
        </>
      ),
    },
  ]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useConfirmStore.setState({ pending: null });
});

describe('the console order card', () => {
  it('an owner cancels a paid order with «Отменить и вернуть 12 990 ₽»: a full refund, not a bare cancel', async () => {
    const calls = setup('owner', order());
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Новый статус' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Отменён' })).toBeInTheDocument());
    await user.selectOptions(select, 'canceled');
    await user.type(screen.getByRole('textbox', { name: 'Внутренний комментарий' }), 'Нет размера');
    await user.click(screen.getByRole('button', { name: /^Отменить и вернуть 12\s990\s₽$/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('он получит сообщение о возврате и сроке');
    await user.click(within(dialog).getByRole('button', { name: /^Отменить и вернуть/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', url: '/api/v1/admin/orders/7/refund', body: { reason: 'Нет размера' } },
      ]),
    );
  });

  it('offers a manager only the statuses the order may move to, and sends the change', async () => {
    const calls = setup('manager', order());
    const select = await screen.findByRole('combobox', { name: 'Новый статус' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    // A paid order is canceled only by an owner, with its refund; «Возврат оформлен» comes from a refund.
    expect(options).toEqual([
      'Новый статус…',
      'Выкупаем товар',
      'Едет на склад',
      'На таможне',
      'Доставляется',
      'Готов к выдаче',
      'Получен',
    ]);
    expect(screen.queryByRole('heading', { name: 'Возврат' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(select, 'customs');
    await user.type(screen.getByRole('textbox', { name: 'Трек-номер' }), 'CN123');
    await user.click(screen.getByRole('button', { name: 'Изменить статус' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Изменить' }),
    );

    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        url: '/api/v1/admin/orders/7/status',
        body: { status: 'customs', notify: true, tracking_number: 'CN123' },
      }),
    );
    expect(await screen.findAllByText('На таможне')).not.toHaveLength(0);
  });

  it('shows a viewer the order without any control', async () => {
    setup('viewer', order());
    expect(await screen.findByRole('heading', { name: 'Заказ №7' })).toBeInTheDocument();
    expect(screen.getByText('Кроссовки Nike')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Новый статус' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Возврат' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Новая заметка' })).not.toBeInTheDocument();
  });

  it('gives the owner a refund that checks the amount before asking to confirm', async () => {
    const calls = setup('owner', order());
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Возврат' });
    await user.click(screen.getByRole('radio', { name: 'Часть' }));
    await user.type(screen.getByRole('textbox', { name: 'Сумма возврата, ₽' }), '20000');
    await user.type(screen.getByRole('textbox', { name: 'Причина возврата' }), 'Нет размера');
    await user.click(screen.getByRole('button', { name: 'Оформить возврат' }));
    expect(await screen.findByText('Сумма — целое число рублей от 1 до 12990')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('lets the owner restore an order waiting for a refund, after a confirmation', async () => {
    const calls = setup('owner', order({ status: 'canceled', needs_refund: true }));
    const user = userEvent.setup();
    // Beside the refund, not instead of it.
    expect(await screen.findByRole('heading', { name: 'Возврат' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Комментарий к восстановлению' }), 'Товар нашёлся');
    await user.click(screen.getByRole('button', { name: 'Восстановить заказ' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Восстановить' }));

    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', url: '/api/v1/admin/orders/7/restore', body: { comment: 'Товар нашёлся' } },
      ]),
    );
    // Once paid again the order no longer waits for a refund: the action goes away.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Восстановить заказ' })).not.toBeInTheDocument(),
    );
  });

  it('offers no restore to a manager', async () => {
    setup('manager', order({ status: 'canceled', needs_refund: true }));
    await screen.findByRole('heading', { name: 'Заказ №7' });
    expect(screen.queryByRole('button', { name: 'Восстановить заказ' })).not.toBeInTheDocument();
  });

  it('offers the owner no restore on an order that does not wait for a refund', async () => {
    setup('owner', order());
    await screen.findByRole('heading', { name: 'Возврат' });
    expect(screen.queryByRole('button', { name: 'Восстановить заказ' })).not.toBeInTheDocument();
  });

  it('shows the passport masked; only the owner may show it in full', async () => {
    const calls = setup('owner', order());
    const user = userEvent.setup();
    expect(await screen.findByText('**** ****56')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/v1/admin/orders/7/passport');
    expect(calls.map((c) => c.url)).not.toContain('/api/v1/admin/orders/7/passport?reveal=1');
    await user.click(screen.getByRole('button', { name: 'Показать' }));
    expect(await screen.findByText('4510 123456')).toBeInTheDocument();
    expect(screen.getByText('500100732247')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/v1/admin/orders/7/passport?reveal=1');
  });

  it('gives a manager the masked passport without «Показать»', async () => {
    setup('manager', order());
    expect(await screen.findByText('**** ****56')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показать' })).not.toBeInTheDocument();
  });
});

describe('the order card’s shipments', () => {
  it('lists the parcels with their tracking link and registers the Russian leg with CDEK', async () => {
    const withChina = order({
      shipments: [
        {
          id: 3,
          leg: 'china',
          carrier: 'yunexpress',
          number: 'YT123',
          link: 'https://track.example.com/YT123',
          status: 'in_transit',
          registered: false,
          events: [],
          created_at: '2026-11-20T10:00:00.000Z',
          updated_at: '2026-11-20T10:00:00.000Z',
        },
      ],
    });
    const calls = setup('manager', withChina);
    const card = await screen.findByRole('region', { name: 'Отправления' });
    expect(within(card).getByRole('listitem').textContent).toContain(
      'Китай → склад · yunexpress · YT123 · В пути',
    );
    expect(within(card).getByRole('link', { name: 'Отследить' }).getAttribute('href')).toBe(
      'https://track.example.com/YT123',
    );
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Зарегистрировать в СДЭК' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/shipments'))?.body).toEqual({
        leg: 'russia',
        carrier: 'cdek',
        register: true,
      }),
    );
  });

  it('gives a viewer no shipment controls', async () => {
    setup('viewer', order());
    const card = await screen.findByRole('region', { name: 'Отправления' });
    expect(within(card).queryByRole('button', { name: 'Зарегистрировать в СДЭК' })).toBeNull();
    expect(within(card).getByText('Отправлений нет')).toBeTruthy();
  });
});
