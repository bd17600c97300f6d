// The one answer for a move the map forbids or that someone else made first.
import type { OrderStatus } from '@shop/contract';
import { ORDER_STATUS_RU } from '@shop/contract';
import { AppError } from '../../../plugins/errors.ts';

export const invalidTransition = (from: OrderStatus, to: OrderStatus) =>
  new AppError(
    409,
    'invalid_transition',
    `Нельзя перевести заказ из «${ORDER_STATUS_RU[from]}» в «${ORDER_STATUS_RU[to]}»`,
    'status',
  );
