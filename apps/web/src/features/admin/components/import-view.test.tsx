import type { AdminImportResult } from '@shop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialogHost } from '../../../components/ui/confirm-dialog.tsx';
import { useConfirmStore } from '../../../components/ui/confirm-store.ts';
import { ImportView } from './import-view.tsx';

type Sent = { url: string; body: string };

/** A stand-in for the browser's XMLHttpRequest: records what is sent, answers with `answer`. */
function fakeXhr(answer: (url: string) => AdminImportResult) {
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
    send(body: string) {
      sent.push({ url: this.url, body });
      setTimeout(() => {
        this.upload.onload?.();
        this.status = 200;
        this.responseText = JSON.stringify({ result: answer(this.url) });
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function setup() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json({ result: { telegram_id: 1, role: 'manager' } }))),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ImportView />
      <ConfirmDialogHost />
    </QueryClientProvider>,
  );
}

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
      errors: [{ path: 'products[3].variants[0].price', message: 'не может быть отрицательной' }],
    }));
    setup();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Файл импорта'), file('{"products":[]}'));
    await user.click(screen.getByRole('button', { name: 'Проверить' }));

    expect(await screen.findByRole('heading', { name: 'Результат проверки' })).toBeInTheDocument();
    expect(sent).toEqual([{ url: '/api/v1/admin/catalog/import?dry_run=1', body: '{"products":[]}' }]);
    const errorRow = screen.getByRole('row', { name: /products\[3\]\.variants\[0\]\.price/ });
    // The fourth product of the file: people count from one.
    expect(
      within(errorRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Товар 4', 'products[3].variants[0].price', 'не может быть отрицательной']);
    expect(screen.getByRole('button', { name: 'Применить' })).toBeDisabled();
  });

  it('applies a clean file only after the dry run and a confirmation', async () => {
    const sent = fakeXhr((url) => ({ dry_run: url.endsWith('=1'), created: 2, updated: 1, errors: [] }));
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
});
