import type { AdminActor } from '@shop/contract';

/** Who did it: the staff member's name or Telegram id, or the shop itself (payment, lapse). */
export const actorName = (actor: AdminActor) =>
  actor === null ? 'Система' : (actor.name ?? `id ${actor.telegram_id}`);
