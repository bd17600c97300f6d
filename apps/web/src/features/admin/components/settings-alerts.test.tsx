import type { StaffAlerts } from '@shop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { SettingsView } from './settings-view.tsx';

afterEach(() => vi.unstubAllGlobals());

it('a member turns on the «new paid order» alert for their own chat', async () => {
  const initial: StaffAlerts = {
    paid_order: false,
    find_request: false,
    blogger_application: false,
    payout_request: false,
    needs_refund: true,
    out_of_stock: false,
    dead_message: true,
  };
  let alerts = initial;
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      if (url === '/api/v1/admin/me')
        return Promise.resolve(Response.json({ result: { telegram_id: 1, role: 'manager' } }));
      if (url === '/api/v1/admin/me/alerts' && init.method === 'PUT') {
        alerts = JSON.parse(init.body as string) as StaffAlerts;
        puts.push(alerts);
        return Promise.resolve(Response.json({ result: alerts }));
      }
      if (url === '/api/v1/admin/me/alerts') return Promise.resolve(Response.json({ result: alerts }));
      return Promise.resolve(
        Response.json({ error: { code: 'not_found', message: 'нет' } }, { status: 404 }),
      );
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SettingsView />
    </QueryClientProvider>,
  );
  const paid = await screen.findByRole('switch', { name: 'Новый оплаченный заказ' });
  expect(paid).not.toBeChecked();
  expect(screen.getByRole('switch', { name: 'Нужен возврат' })).toBeChecked();
  await userEvent.setup().click(paid);
  await waitFor(() => expect(puts).toEqual([{ ...initial, paid_order: true }]));
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Новый оплаченный заказ' })).toBeChecked());
});
