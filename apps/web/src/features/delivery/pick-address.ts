import type { DeliveryAddress } from '@shop/contract';

/** The address a checkout uses: the one chosen if it still exists, else the default, else the first. */
export const pickAddress = (
  addresses: readonly DeliveryAddress[] | undefined,
  chosenId: number | null,
): DeliveryAddress | undefined =>
  addresses?.find((a) => a.id === chosenId) ?? addresses?.find((a) => a.is_default) ?? addresses?.[0];
