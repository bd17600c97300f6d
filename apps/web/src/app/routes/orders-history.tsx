import { OrdersHistoryView } from '../../features/orders/components/orders-history-view.tsx';

export function Component() {
  return (
    <section>
      <h1 className="page-title">Мои заказы</h1>
      <OrdersHistoryView />
    </section>
  );
}
