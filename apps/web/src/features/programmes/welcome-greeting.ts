// The first start of an invited friend (issue 27): once the app opened by an invite link has
// drawn its first screen, a toast says the welcome bonus is there — once per device.
import type { QueryClient } from '@tanstack/react-query';
import { notify } from '../../components/ui/notify.ts';
import { formatPrice } from '../../lib/price.ts';
import { readString, writeString } from '../../lib/storage.ts';
import { bonusQueryOptions } from './api/bonus.ts';

export const WELCOME_TOLD_KEY = 'shop/welcome-told';

export async function greetInvitedFriend(queryClient: QueryClient): Promise<void> {
  if (readString(WELCOME_TOLD_KEY)) return;
  const account = await queryClient.fetchQuery(bonusQueryOptions());
  if (!account.welcome || account.welcome.amount <= 0) return;
  writeString(WELCOME_TOLD_KEY, '1');
  notify.success(`Вам подарок от друга: ${formatPrice(account.welcome.amount)} на первый заказ`, {
    description: 'Бонусы уже на счёте — спишутся при оформлении заказа.',
    duration: 8000,
  });
}
