// The programmes' rules the pages apply on the device: the invite sheet's texts per state and what
// its delete confirmation says, the payout form's checks, the withdrawal amount, and which blogger
// page a state belongs to.
import type { BloggerDashboard, Invite } from '@shop/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useConfirmStore } from '../../components/ui/confirm-store.ts';

vi.mock('../../telegram/haptics.ts', () => ({
  haptic: { selection: vi.fn(), success: vi.fn(), error: vi.fn(), impact: vi.fn(), warning: vi.fn() },
}));

const { InviteSheet, inviteTitle } = await import('./components/invite-sheet.tsx');
const { friendName } = await import('./components/referral-history-view.tsx');
const { validatePayout } = await import('./components/blogger-payment-view.tsx');
const { amountError } = await import('./components/blogger-conclusion-view.tsx');
const { bloggerPageFor } = await import('../../app/routes/programmes/use-blogger-gate.tsx');

const invite = (status: Invite['status'], extra: Partial<Invite> = {}): Invite => ({
  id: 5,
  friend: { first_name: 'Анна', last_initial: 'К.', photo_url: null },
  status,
  reward: 1000,
  joined_at: '2026-11-01T10:00:00Z',
  order: null,
  pending_since: null,
  rewarded_at: status === 'rewarded' ? '2026-11-20T10:00:00Z' : null,
  reject_reason: null,
  welcome_until: null,
  ...extra,
});

describe('invite-reward sheet', () => {
  it('names the friend with one dot after the initial the API sends as «К.» (never «Анна К..»)', () => {
    expect(friendName(invite('registered'))).toBe('Анна К.');
  });

  it('makes inviting more the one big (primary) button; removing the invite is a small secondary one', () => {
    render(
      <MemoryRouter>
        <InviteSheet invite={invite('rewarded')} open onOpenChange={() => {}} onDelete={() => {}} onInviteMore={() => {}} />
      </MemoryRouter>,
    );
    const more = screen.getByRole('button', { name: 'Пригласить ещё' });
    expect(more).toHaveClass('button--primary', 'button--large');
    const remove = screen.getByRole('button', { name: 'Удалить приглашение' });
    expect(remove).not.toHaveClass('button--error');
    expect(remove).not.toHaveClass('button--large');
  });

  it("names the spec's reward only when it is credited", () => {
    expect(inviteTitle(invite('rewarded'))).toBe('За приглашение вы получили 1000 рублей');
    expect(inviteTitle(invite('ordered'))).toBe('Вы получите 1000 рублей');
    expect(inviteTitle(invite('registered'))).toBe('Анна пока без заказа');
    expect(inviteTitle(invite('rejected'))).toBe('Приглашение не засчитано');
  });

  it.each([
    ['rewarded', 'Бонусы останутся на вашем счёте.'],
    ['ordered', 'Бонус за этого друга начисляться не будет.'],
  ] as const)('the delete confirmation of a %s invite says what happens', async (status, message) => {
    const onDelete = vi.fn();
    render(
      <MemoryRouter>
        <InviteSheet
          invite={invite(status)}
          open
          onOpenChange={() => {}}
          onDelete={onDelete}
          onInviteMore={() => {}}
        />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Приглашайте больше друзей')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Удалить приглашение' }).click();
    await waitFor(() => expect(useConfirmStore.getState().pending?.message).toBe(message));
    useConfirmStore.getState().settle(true);
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 5 })));
  });

  it('shows the rejection reason', async () => {
    render(
      <MemoryRouter>
        <InviteSheet
          invite={invite('rejected', { reject_reason: 'Заказ оформлен на ваш номер телефона' })}
          open
          onOpenChange={() => {}}
          onDelete={() => {}}
          onInviteMore={() => {}}
        />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Заказ оформлен на ваш номер телефона')).toBeInTheDocument();
  });
});

describe('payout details', () => {
  const base = {
    method: 'sbp' as const,
    phone: '+7 999 123-45-67',
    bank: 'Т-Банк',
    card: '',
    full_name: 'Иванова Анна Сергеевна',
    tax_status: 'self_employed' as const,
    inn: '500100732259',
    save_details: false,
  };

  it('accepts a complete SBP request with a valid INN', () => {
    expect(validatePayout(base)).toEqual({});
  });

  it('refuses a short phone, a bad card, one-word name and a wrong INN', () => {
    expect(validatePayout({ ...base, phone: '+7 999' }).phone).toBe(
      'Введите номер телефона в формате +7XXXXXXXXXX',
    );
    expect(validatePayout({ ...base, method: 'card', card: '2200 0000 0000 0001' }).card).toBe(
      'Проверьте номер карты',
    );
    expect(validatePayout({ ...base, method: 'card', card: '4111 1111 1111 1111' }).card).toBeUndefined();
    expect(validatePayout({ ...base, full_name: 'Анна' }).full_name).toBe('Укажите ФИО получателя');
    expect(validatePayout({ ...base, inn: '12345' }).inn).toBe('ИНН должен состоять из 12 цифр');
    expect(validatePayout({ ...base, inn: '500100732258' }).inn).toMatch(/контрольные/);
  });
});

describe('withdrawal amount', () => {
  it('needs at least the minimum and at most what is available', () => {
    expect(amountError(999, 5000, 1000)).toBe('Минимальная сумма вывода — 1\u00a0000\u00a0₽');
    expect(amountError(6000, 5000, 1000)).toBe('Недостаточно средств');
    expect(amountError(5000, 5000, 1000)).toBeUndefined();
  });
});

describe('blogger pages', () => {
  const state = (status: BloggerDashboard['status'], reapply: string | null = null) =>
    ({
      status,
      application: status === 'none' ? null : { reapply_after: reapply },
    }) as unknown as BloggerDashboard;

  it('sends each state to its page', () => {
    expect(bloggerPageFor(state('none'))).toBe('initial');
    expect(bloggerPageFor(state('pending'))).toBe('moder');
    expect(bloggerPageFor(state('changes_requested'))).toBe('moder');
    expect(bloggerPageFor(state('approved'))).toBe('dashboard');
    expect(bloggerPageFor(state('rejected', '2999-01-01T00:00:00Z'))).toBe('moder');
    expect(bloggerPageFor(state('rejected', '2020-01-01T00:00:00Z'))).toBe('initial');
  });
});
