import type { AdminOrderTab } from '@shop/contract';
import { TAB_RU, tabTone } from '../admin-labels.ts';

export function StatusBadge({ status }: { status: AdminOrderTab }) {
  return <span className={`admin-badge admin-badge--${tabTone(status)}`}>{TAB_RU[status]}</span>;
}
