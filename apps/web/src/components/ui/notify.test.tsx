import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const haptics = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  warning: vi.fn(),
  selection: vi.fn(),
  impact: vi.fn(),
}));
vi.mock('../../telegram/haptics.ts', () => ({ haptic: haptics }));
vi.mock('../../telegram/use-is-dark.ts', () => ({ useIsDark: () => false }));

const { notify } = await import('./notify.ts');
const { default: Toaster, TOAST_DURATION_MS, TOASTS_VISIBLE } = await import('./toaster.tsx');

afterEach(() => {
  act(() => {
    notify.dismiss();
  });
  vi.clearAllMocks();
});

describe('toasts (docs/product.md §4, §8, §9)', () => {
  it('use the spec constants: top-centre, 4000 ms, 3 visible', async () => {
    expect(TOAST_DURATION_MS).toBe(4000);
    expect(TOASTS_VISIBLE).toBe(3);
    const { container } = render(<Toaster />);
    act(() => {
      notify.message('Привет');
    });
    await screen.findByText('Привет');
    const toaster = container.ownerDocument.querySelector('[data-sonner-toaster]');
    expect(toaster).toHaveAttribute('data-y-position', 'top');
    expect(toaster).toHaveAttribute('data-x-position', 'center');
  });

  it('pair success and error toasts with the success and error haptics', async () => {
    render(<Toaster />);
    act(() => {
      notify.success('Товар добавлен в корзину');
    });
    expect(haptics.success).toHaveBeenCalledOnce();
    expect(await screen.findByText('Товар добавлен в корзину')).toBeInTheDocument();
    act(() => {
      notify.error('Ошибка при добавлении в корзину');
    });
    expect(haptics.error).toHaveBeenCalledOnce();
    expect(await screen.findByText('Ошибка при добавлении в корзину')).toBeInTheDocument();
  });
});
