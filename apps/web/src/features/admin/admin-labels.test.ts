import { describe, expect, it } from 'vitest';
import { commonNextStatuses, manualNextStatuses } from './admin-labels.ts';

describe('statuses a staff member may set by hand', () => {
  it('offers the forward path and cancel to an owner, never refunded (that comes with a refund)', () => {
    expect(manualNextStatuses('paid', 'owner')).toEqual([
      'purchasing',
      'to_warehouse',
      'customs',
      'delivering',
      'ready_for_pickup',
      'completed',
      'canceled',
    ]);
    expect(manualNextStatuses('awaiting_payment', 'owner')).toEqual(['paid', 'canceled']);
  });

  it('keeps marking paid and canceling a paid order from a manager', () => {
    expect(manualNextStatuses('awaiting_payment', 'manager')).toEqual(['canceled']);
    expect(manualNextStatuses('paid', 'manager')).not.toContain('canceled');
    expect(manualNextStatuses('purchasing', 'manager')).toEqual([
      'to_warehouse',
      'customs',
      'delivering',
      'ready_for_pickup',
      'completed',
    ]);
  });

  it('offers nothing to a viewer or a moderator, nor from a final status', () => {
    expect(manualNextStatuses('paid', 'viewer')).toEqual([]);
    expect(manualNextStatuses('paid', 'moderator')).toEqual([]);
    expect(manualNextStatuses('completed', 'owner')).toEqual([]);
    expect(manualNextStatuses('refunded', 'owner')).toEqual([]);
  });

  it('offers a bulk change only where every selected order may go', () => {
    expect(commonNextStatuses(['paid', 'customs'], 'manager')).toEqual([
      'delivering',
      'ready_for_pickup',
      'completed',
    ]);
    expect(commonNextStatuses(['paid', 'completed'], 'owner')).toEqual([]);
    expect(commonNextStatuses([], 'owner')).toEqual([]);
  });
});
