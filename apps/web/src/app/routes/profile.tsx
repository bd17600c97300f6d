import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { HelpCards } from '../../components/ui/help-cards.tsx';
import { adminMeQueryOptions } from '../../features/admin/api/get-admin-me.ts';
import { activeOrdersQueryOptions } from '../../features/orders/api/get-active-orders.ts';
import { ProfileView } from '../../features/profile/components/profile-view.tsx';
import { ProgrammesMenu } from '../../features/programmes/components/programmes-menu.tsx';
import { useSessionStore } from '../../features/session/session-store.ts';
import { paths } from '../../lib/paths.ts';

export function Component() {
  const user = useSessionStore((s) => s.user);
  // Prefetched at session start (docs/product.md §4), so the counter shows without a wait.
  const active = useQuery(activeOrdersQueryOptions(0));
  const count = active.data ? active.data.orders.length : undefined;
  // Staff only (GET /admin/me answers 403 to everyone else): the way into the console.
  const staff = useQuery(adminMeQueryOptions()).data;
  return (
    <section>
      <h1 className="page-title">Профиль</h1>
      <ProfileView user={user} activeOrders={count} help={<HelpCards />} programmes={<ProgrammesMenu />} />
      {staff && (
        <Link
          to={paths.admin}
          className="button button--secondary button--medium button--full"
          style={{ marginTop: 16, textDecoration: 'none' }}
        >
          Панель магазина
        </Link>
      )}
    </section>
  );
}
