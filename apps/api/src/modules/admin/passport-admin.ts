// The console's view of an order's passport data (docs/product.md §12.1): masked for every member of staff;
// an owner may reveal it for a customs declaration, and each reveal lands in the audit log in the
// same transaction as the read, so no reveal goes unrecorded.
import { roleCan, type Passport } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { loadPassport, maskPassport } from '../passport/index.ts';
import { writeAudit } from '../staff/index.ts';
import type { StaffMember } from '../staff/index.ts';
import { forbidden } from '../staff/index.ts';

export async function orderPassport(
  db: Database,
  key: Buffer,
  orderId: number,
  reveal: boolean,
  staff: StaffMember,
): Promise<Passport | null> {
  if (reveal && !roleCan(staff.role, 'own')) {
    throw forbidden('Паспортные данные целиком может открыть только владелец');
  }
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('Заказ не найден');
    const data = await loadPassport(tx, key, order.userId);
    if (!data) return null;
    if (!reveal) return { ...maskPassport(data), masked: true };
    await writeAudit(tx, {
      actorTelegramId: staff.telegramId,
      action: 'passport.reveal',
      entity: 'order',
      entityId: String(orderId),
      before: null,
      after: { user_id: order.userId },
    });
    return { ...data, masked: false };
  });
}
