// The invite-reward sheet only renders and reads here; its buttons are plain callbacks.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import InviteRewardSheet, { INVITE_REWARD_RUB } from './invite-reward-sheet.tsx';

const handlers = { onOpenChange: vi.fn(), onRemoveInvite: vi.fn(), onInviteMore: vi.fn() };

describe('invite-reward sheet (docs/product.md §2; issue 9: it must not claim a reward that does not exist)', () => {
  it('renders nothing without a credited reward', () => {
    const { container } = render(<InviteRewardSheet reward={null} open {...handlers} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByText(/вы получили/)).toBeNull();
  });

  it("with a reward, shows the spec's texts", async () => {
    render(<InviteRewardSheet reward={{ amount: INVITE_REWARD_RUB }} open {...handlers} />);
    expect(
      await screen.findByRole('dialog', { name: 'За приглашение вы получили 1000 рублей' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Удалить приглашение' })).toBeInTheDocument();
    expect(screen.getByText('Приглашайте больше друзей')).toBeInTheDocument();
  });
});
