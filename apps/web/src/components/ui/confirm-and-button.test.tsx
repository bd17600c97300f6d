import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { ConfirmDialogHost } from './confirm-dialog.tsx';
import { confirm, useConfirmStore } from './confirm-store.ts';
import { useLayerStack } from './layer-stack-store.ts';

beforeEach(() => {
  useConfirmStore.setState({ pending: null });
  useLayerStack.setState({ layers: [] });
});

describe('confirmation dialog (docs/product.md §2: "default buttons Confirm/Cancel")', () => {
  it('shows Confirm and Cancel by default and resolves with the choice', async () => {
    const user = userEvent.setup();
    render(<ConfirmDialogHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirm({ title: 'Удалить адрес?' });
    });
    expect(screen.getByRole('alertdialog', { name: 'Удалить адрес?' })).toBeVisible();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Confirm', 'Cancel']);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('registers as a layer that the back button closes with "no"', async () => {
    render(<ConfirmDialogHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirm({ title: 'Выйти?', confirmText: 'Да', cancelText: 'Нет' });
    });
    expect(useLayerStack.getState().layers.map((l) => l.kind)).toEqual(['confirm']);
    act(() => {
      useLayerStack.getState().closeTopLayer();
    });
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('primary button (docs/product.md §2)', () => {
  it('renders variants and sizes, and docks to the bottom when fixed', () => {
    const { container } = render(
      <>
        <Button variant="light-primary" size="small">
          A
        </Button>
        <Button variant="badge-active" size="badge">
          B
        </Button>
        <Button fixed>C</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'A' })).toHaveClass('button--light-primary', 'button--small');
    expect(screen.getByRole('button', { name: 'B' })).toHaveClass('button--badge-active', 'button--badge');
    const fixed = screen.getByRole('button', { name: 'C' });
    expect(fixed).toHaveClass('button--primary', 'button--large', 'button--full');
    expect(fixed.parentElement).toHaveClass('button-dock');
    expect(container.querySelectorAll('.button-dock')).toHaveLength(1);
  });
});
