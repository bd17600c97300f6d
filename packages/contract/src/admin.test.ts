import { describe, expect, it } from 'vitest';
import { AdminOrdersQuerySchema, roleCan, transitionNeedsOwner } from './admin.ts';

describe('admin contract', () => {
  it('reads the status filter as a comma list of tabs and refuses unknown ones', () => {
    expect(AdminOrdersQuerySchema.parse({ status: 'paid, needs_refund' }).status).toEqual([
      'paid',
      'needs_refund',
    ]);
    expect(AdminOrdersQuerySchema.safeParse({ status: 'paid,lost' }).success).toBe(false);
  });

  it('follows the role table: only owners refund, viewers only read', () => {
    expect(roleCan('owner', 'own')).toBe(true);
    expect(roleCan('manager', 'operate')).toBe(true);
    expect(roleCan('manager', 'own')).toBe(false);
    expect(roleCan('moderator', 'operate')).toBe(false);
    expect(roleCan('viewer', 'read')).toBe(true);
    expect(roleCan('viewer', 'quotes')).toBe(false);
  });

  it('needs an owner to mark paid or cancel a paid order', () => {
    expect(transitionNeedsOwner('awaiting_payment', 'paid')).toBe(true);
    expect(transitionNeedsOwner('paid', 'canceled')).toBe(true);
    expect(transitionNeedsOwner('awaiting_payment', 'canceled')).toBe(false);
    expect(transitionNeedsOwner('paid', 'purchasing')).toBe(false);
  });
});
