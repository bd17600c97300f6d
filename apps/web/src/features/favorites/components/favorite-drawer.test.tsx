// fireEvent rather than userEvent: vaul's pointer handlers read transforms happy-dom lacks.
import type { Product } from '@shop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../components/ui/notify.ts', () => ({ notify }));
vi.mock('../../../telegram/haptics.ts', () => ({
  haptic: { selection: vi.fn(), success: vi.fn(), error: vi.fn(), impact: vi.fn(), warning: vi.fn() },
}));

const { default: FavoriteDrawer, FAVORITE_ADDED, FAVORITE_FAILED } = await import('./favorite-drawer.tsx');
const { createQueryClient } = await import('../../../app/query-client.ts');

const variant = (id: number, size: string, qty: number) => ({
  id,
  price: 9990,
  title: size,
  size,
  size_eu: size,
  qty,
  color: 'Черный',
  image: null,
  options: {},
  img_id: null,
});
const product: Product = {
  id: 7,
  spu: 'S',
  title: 'Кеды',
  computed_title: { title: 'Кеды' },
  description: '',
  characteristics: [],
  brand: null,
  images: [],
  options: [],
  variants: [variant(71, '41', 2), variant(72, '42', 0), variant(73, '43', 1)],
  categories: [{ id: 1 }],
  size_table: null,
  image_src: null,
  min_price: 9990,
  price: 9990,
  fit_people: 'men',
};

let answer: () => Response;
const posted: unknown[] = [];
beforeEach(() => {
  posted.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => {
      posted.push(JSON.parse(init?.body as string));
      return Promise.resolve(answer());
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderDrawer(onOpenChange = vi.fn()) {
  // The app's own client: a failed add is toasted from the mutation's meta there.
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <FavoriteDrawer open onOpenChange={onOpenChange} product={product} loading={false} />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

describe('favourites drawer (docs/product.md §4, §5, §8)', () => {
  it('requires a size: the message shows and submit is disabled until one is chosen; qty-0 sizes are disabled', async () => {
    answer = () =>
      new Response(
        JSON.stringify({
          result: {
            id: 1,
            variant_id: 73,
            variant: { id: 73, title: '43 Черный', size: '43', size_eu: '43', color: 'Черный' },
            created_at: '2026-11-21T07:00:00.000Z',
            product: {
              id: 7,
              spu: 'S',
              title: 'Кеды',
              image_src: null,
              price: 9990,
              min_price: 9990,
              in_stock: true,
              brand: null,
            },
          },
        }),
        { status: 201 },
      );
    const onOpenChange = renderDrawer();
    const submit = await screen.findByRole('button', { name: 'Добавить в избранное' });
    // Issue 9: the message waits until the shopper has touched the sizes and left them unchosen.
    expect(screen.queryByText('Выберите корректный размер')).not.toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(screen.getByRole('radio', { name: '42 EU · Черный' })).toBeDisabled();
    fireEvent.focusOut(screen.getByRole('radiogroup', { name: 'Размер' }));
    expect(await screen.findByText('Выберите корректный размер')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: '43 EU · Черный' }));
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.queryByText('Выберите корректный размер')).not.toBeInTheDocument();
    fireEvent.click(submit);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(FAVORITE_ADDED));
    expect(posted).toEqual([{ product_id: 7, variant_id: 73 }]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('preselects the size the favourite already has', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <FavoriteDrawer open onOpenChange={vi.fn()} product={product} loading={false} initialVariantId={73} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('radio', { name: '43 EU · Черный' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Добавить в избранное' })).toBeEnabled());
    expect(screen.queryByText('Выберите корректный размер')).not.toBeInTheDocument();
  });

  it('shows the server message on failure, or the generic one without it', async () => {
    answer = () =>
      new Response(JSON.stringify({ error: { code: 'conflict', message: 'Товар снят с продажи' } }), {
        status: 409,
      });
    renderDrawer();
    fireEvent.click(await screen.findByRole('radio', { name: '41 EU · Черный' }));
    const submit = screen.getByRole('button', { name: 'Добавить в избранное' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Товар снят с продажи'));

    answer = () => new Response('oops', { status: 500 });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(2));
    expect(FAVORITE_FAILED).toBe('Произошла ошибка при добавлении в избранное');
    expect(notify.error).toHaveBeenLastCalledWith(FAVORITE_FAILED);
  });
});
