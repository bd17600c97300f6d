// After an order (the «Заказ оплачен» screen): when the bot may not write to the shopper, Telegram's
// own «allow messages» prompt, so that the order's news reach them (docs/product.md §4.16,
// docs/decisions/068). Nothing of its own on the screen; telegram/write-access.ts decides whether
// the prompt may be shown (inside Telegram, once per session).
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { askWriteAccess } from '../../../telegram/write-access.ts';
import { useAllowWriteAccess } from '../api/allow-write-access.ts';
import { profileQueryOptions } from '../api/get-profile.ts';

export function WriteAccessAsk() {
  const profile = useQuery(profileQueryOptions());
  const { mutate: allow } = useAllowWriteAccess();
  const mayWrite = profile.data?.bot_may_write;
  useEffect(() => {
    if (mayWrite !== false) return;
    void askWriteAccess().then((answer) => {
      if (answer === 'allowed') allow();
    });
  }, [mayWrite, allow]);
  return null;
}
