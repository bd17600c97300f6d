import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PassportEditor } from './passport-form.tsx';

const SAVED = {
  last_name: 'Петров',
  first_name: 'Иван',
  middle_name: '',
  birth_date: '1990-05-15',
  series: '4510',
  number: '123456',
  issue_date: '2010-06-01',
  inn: '770708389324',
  email: 'ivan@example.com',
  masked: false,
};

function setup(saved: typeof SAVED | null) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(init.body as string) as Record<string, string>) : undefined;
      calls.push({ method, url, body });
      if (method === 'PUT')
        return Promise.resolve(Response.json({ result: { ...SAVED, ...body, masked: true } }));
      return Promise.resolve(Response.json({ result: saved }));
    }),
  );
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PassportEditor submitLabel="Сохранить" onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { calls, onSaved };
}

afterEach(() => vi.unstubAllGlobals());

describe('passport form', () => {
  it('prefills from GET /passport?reveal=1 with the series as "12 34" and the dates month/day/year', async () => {
    const { calls } = setup(SAVED);
    expect(await screen.findByLabelText('Серия')).toHaveValue('45 10');
    expect(calls[0]?.url).toBe('/api/v1/passport?reveal=1');
    expect(screen.getByLabelText('Дата рождения')).toHaveValue('05/15/1990');
    expect(screen.getByLabelText('Дата выдачи')).toHaveValue('06/01/2010');
    expect(screen.getByLabelText('ИНН')).toHaveValue('770708389324');
  });

  it('applies the masks as the shopper types and PUTs ISO dates; nothing is sent while invalid', async () => {
    const user = userEvent.setup();
    const { calls, onSaved } = setup(null);
    await user.type(await screen.findByLabelText('Фамилия'), 'Петров');
    await user.type(screen.getByLabelText('Имя'), 'Иван');
    await user.type(screen.getByLabelText('Дата рождения'), '05151990');
    await user.type(screen.getByLabelText('Серия'), '45x10999');
    expect(screen.getByLabelText('Серия')).toHaveValue('45 10');
    await user.type(screen.getByLabelText('Номер'), '12 34 56 78');
    expect(screen.getByLabelText('Номер')).toHaveValue('123456');
    await user.type(screen.getByLabelText('Дата выдачи'), '06012010');
    await user.type(screen.getByLabelText('ИНН'), '7707083893');
    await user.type(screen.getByLabelText('E-mail для чека'), 'ivan@example.com');

    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('ИНН: 12 цифр с верными контрольными цифрами')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(screen.getByLabelText('ИНН'), '2499');
    expect(screen.getByLabelText('ИНН')).toHaveValue('770708389324');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/v1/passport',
      body: {
        series: '4510',
        number: '123456',
        birth_date: '1990-05-15',
        issue_date: '2010-06-01',
        inn: '770708389324',
      },
    });
  });
});
