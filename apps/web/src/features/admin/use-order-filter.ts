// The orders filter lives in the address (?status=paid,customs&q=…&from=…&to=…&sort=…), so going back
// from an order card, or a reload, returns to the same list in the same order.
import { ADMIN_ORDER_SORTS, ADMIN_ORDER_TABS, type AdminOrderSort, type AdminOrderTab } from '@shop/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminOrderFilter } from './api/get-admin-orders.ts';

const isTab = (s: string): s is AdminOrderTab => (ADMIN_ORDER_TABS as readonly string[]).includes(s);
const sortOf = (s: string | null): AdminOrderSort =>
  s && (ADMIN_ORDER_SORTS as readonly string[]).includes(s) ? (s as AdminOrderSort) : 'newest';

export function useOrderFilter() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const q = params.get('q') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const sort = sortOf(params.get('sort'));
  const filter = useMemo<AdminOrderFilter>(
    () => ({ statuses: status.split(',').filter(isTab), q, from, to, sort }),
    [status, q, from, to, sort],
  );
  const update = useCallback(
    (patch: Partial<AdminOrderFilter>) => {
      const next = { ...filter, ...patch };
      const out = new URLSearchParams();
      if (next.statuses.length) out.set('status', next.statuses.join(','));
      if (next.q) out.set('q', next.q);
      if (next.from) out.set('from', next.from);
      if (next.to) out.set('to', next.to);
      if (next.sort !== 'newest') out.set('sort', next.sort);
      setParams(out, { replace: true });
    },
    [filter, setParams],
  );
  return { filter, update };
}
