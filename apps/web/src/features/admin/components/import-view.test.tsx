import type { AdminImportJob, AdminImportResult } from '@shop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialogHost } from '../../../components/ui/confirm-dialog.tsx';
import { useConfirmStore } from '../../../components/ui/confirm-store.ts';
import { ImportView } from './import-view.tsx';

type Sent = { url: string; body: Blob };

/** A stand-in for the browser's XMLHttpRequest: records what is sent, answers with `answer`. */
function fakeXhr(answer: (url: string) => AdminImportResult | { status: 202; job: AdminImportJob }) {
  const sent: Sent[] = [];
  class FakeXhr {
    url = '';
    status = 0;
    responseText = '';
    upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
    onprogress?: (e: ProgressEvent) => void;
    onload?: () => void;
    onerror?: () => void;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(body: Blob) {
      sent.push({ url: this.url, body });
      setTimeout(() => {
        this.upload.onload?.();
        const a = answer(this.url);
        this.status = 'job' in a ? 202 : 200;
        this.responseText = JSON.stringify({ result: 'job' in a ? a.job : a });
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function setup(jobs: AdminImportJob[] = []) {
  const polled: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (!url.includes('/catalog/import/'))
        return Promise.resolve(Response.json({ result: { telegram_id: 1, role: 'manager' } }));
      polled.push(url);
      // Each poll sees the next state; the last one repeats.
      return Promise.resolve(Response.json({ result: jobs[Math.min(polled.length - 1, jobs.length - 1)] }));
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ImportView />
      <ConfirmDialogHost />
    </QueryClientProvider>,
  );
  return polled;
}

const job = (over: Partial<AdminImportJob>): AdminImportJob => ({
  id: 7,
  status: 'queued',
  total: 4,
  done: 0,
  created: 0,
  updated: 0,
  errors: [],
  created_at: '2026-11-22T10:00:00Z',
  started_at: null,
  finished_at: null,
  ...over,
});

const file = (text: string) => new File([text], 'catalog.json', { type: 'application/json' });

afterEach(() => {
  vi.unstubAllGlobals();
  useConfirmStore.setState({ pending: null });
});

describe('catalogue import', () => {
  it('shows the dry run per row and keeps «Применить» off while the file has errors', async () => {
    const sent = fakeXhr(() => ({
      dry_run: true,
      created: 2,
      updated: 1,
      errors: [
        { path: 'products[3].variants[0].price', row: 'Товар 4, вариант 1', field: 'цена', message: 'не меньше 1 ₽' },
      ],
      changes: [
        { entity: 'category', action: 'update', name: 'Обувь', detail: 'название «Обувь» → «Обувь (тест)»' },
      ],
      changes_more: 0,
    }));
    setup();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Файл импорта'), file('{"products":[]}'));
    await user.click(screen.getByRole('button', { name: 'Проверить' }));

    expect(await screen.findByRole('heading', { name: 'Результат проверки' })).toBeInTheDocument();
    // The file goes as its bytes, whatever its format.
    expect(sent.map((s) => s.url)).toEqual(['/api/v1/admin/catalog/import?dry_run=1']);
    expect(await sent[0]!.body.text()).toBe('{"products":[]}');
    const errorRow = within(screen.getByRole('table', { name: 'Ошибки в файле' })).getByRole('row', {
      name: /не меньше 1 ₽/,
    });
    // Where and which field, in Russian: the fourth product's first variant, its price.
    expect(
      within(errorRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Товар 4, вариант 1', 'цена', 'не меньше 1 ₽']);
    // The rename of a category is listed before anything is written.
    const rename = within(screen.getByRole('table', { name: 'Что изменится' })).getByRole('row', {
      name: /Обувь/,
    });
    expect(rename).toHaveTextContent('Категория изменится');
    expect(rename).toHaveTextContent('название «Обувь» → «Обувь (тест)»');
    expect(screen.getByRole('button', { name: 'Применить' })).toBeDisabled();
  });

  it('applies a clean file only after the dry run and a confirmation', async () => {
    const sent = fakeXhr((url) => ({
      dry_run: url.endsWith('=1'),
      created: 2,
      updated: 1,
      errors: [],
      changes: [],
      changes_more: 0,
    }));
    setup();
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Применить' })).toBeDisabled();
    await user.upload(screen.getByLabelText('Файл импорта'), file('{"products":[1]}'));
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    await screen.findByRole('heading', { name: 'Результат проверки' });
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Применить' }),
    );

    expect(await screen.findByRole('heading', { name: 'Импорт применён' })).toBeInTheDocument();
    expect(sent.map((s) => s.url)).toEqual([
      '/api/v1/admin/catalog/import?dry_run=1',
      '/api/v1/admin/catalog/import?dry_run=0',
    ]);
  });

  it('follows an applied import job by polling it until it is done', async () => {
    const sent = fakeXhr((url) =>
      url.endsWith('=1')
        ? { dry_run: true, created: 3, updated: 1, errors: [], changes: [], changes_more: 0 }
        : { status: 202, job: job({}) },
    );
    const polled = setup([
      job({ status: 'running', done: 2 }),
      job({ status: 'done', done: 4, created: 3, updated: 1, finished_at: '2026-11-22T10:00:05Z' }),
    ]);
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Файл импорта'), file('{"products":[1]}'));
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    await screen.findByRole('heading', { name: 'Результат проверки' });
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Применить' }),
    );

    // The bar follows done of total while the job runs.
    expect(await screen.findByText('Записано товаров: 2 из 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Импорт' })).toHaveAttribute('aria-valuenow', '50');
    expect(
      await screen.findByRole('heading', { name: 'Импорт применён' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Создано').nextElementSibling).toHaveTextContent('3');
    expect(sent.map((s) => s.url)).toEqual([
      '/api/v1/admin/catalog/import?dry_run=1',
      '/api/v1/admin/catalog/import?dry_run=0',
    ]);
    expect(polled).toEqual(['/api/v1/admin/catalog/import/7', '/api/v1/admin/catalog/import/7']);
  });
});
