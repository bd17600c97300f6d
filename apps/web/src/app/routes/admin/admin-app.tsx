// The console's pages inside its one lazy chunk. The page is picked from the path here rather than
// with <Routes>: descendant routes would pull more of react-router into the shopper's first screen.
import { useLocation } from 'react-router';
import { AdminShell } from '../../../features/admin/components/admin-shell.tsx';
import Audit from './audit.tsx';
import Bloggers from './bloggers.tsx';
import CatalogImport from './catalog-import.tsx';
import CustomerCard from './customer-card.tsx';
import Customers from './customers.tsx';
import Dashboard from './dashboard.tsx';
import Inventory from './inventory.tsx';
import ManualOrder from './manual-order.tsx';
import ProductCreate from './product-create.tsx';
import PurchaseList from './purchase-list.tsx';
import Catalog from './catalog.tsx';
import FindRequests from './find-requests.tsx';
import OrderDetails from './order-details.tsx';
import Orders from './orders.tsx';
import Payouts from './payouts.tsx';
import Settings from './settings.tsx';
import Staff from './staff.tsx';

const PAGES: Record<string, () => React.JSX.Element> = {
  '': Dashboard,
  orders: Orders,
  'orders/new': ManualOrder,
  customers: Customers,
  'purchase-list': PurchaseList,
  inventory: Inventory,
  'products/new': ProductCreate,
  catalog: Catalog,
  'catalog/import': CatalogImport,
  staff: Staff,
  'find-requests': FindRequests,
  settings: Settings,
  audit: Audit,
  bloggers: Bloggers,
  payouts: Payouts,
};

function Page({ pathname }: { pathname: string }) {
  const sub = pathname.replace(/^\/admin\/?/, '').replace(/\/+$/, '');
  const order = /^orders\/(\d+)$/.exec(sub);
  if (order) return <OrderDetails key={order[1]} id={Number(order[1])} />;
  const customer = /^customers\/(\d+)$/.exec(sub);
  if (customer) return <CustomerCard key={customer[1]} id={Number(customer[1])} />;
  const Known = PAGES[sub] ?? Dashboard;
  return <Known />;
}

export function Component() {
  const { pathname } = useLocation();
  return (
    <AdminShell pathname={pathname}>
      <Page pathname={pathname} />
    </AdminShell>
  );
}
