import { useQuery } from '@tanstack/react-query';
import { HelpCards } from '../../components/ui/help-cards.tsx';
import { activeOrdersQueryOptions } from '../../features/orders/api/get-active-orders.ts';
import { ProfileView } from '../../features/profile/components/profile-view.tsx';
import { useSessionStore } from '../../features/session/session-store.ts';

export function Component() {
  const user = useSessionStore((s) => s.user);
  // Prefetched at session start (spec §4), so the counter shows without a wait.
  const active = useQuery(activeOrdersQueryOptions(0));
  const count = active.data ? active.data.orders.length : undefined;
  return (
    <section>
      <h1 className="page-title">Профиль</h1>
      <ProfileView user={user} activeOrders={count} help={<HelpCards />} />
    </section>
  );
}
