// orders/history: active orders first (GET /order/detail/active), then past ones (GET
// /order/detail without the active ones), each as a card leading to its details.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { activeOrdersQueryOptions } from '../api/get-active-orders.ts';
import { useOrders } from '../api/get-orders.ts';
import { isActiveStatus } from '../order-status.ts';
import { OrderCard } from './order-card.tsx';
import './orders.css';
import { paths } from '../../../lib/paths.ts';

export function OrdersHistoryView() {
  const active = useQuery(activeOrdersQueryOptions(0));
  const all = useOrders();

  if (active.isPending || all.isPending) return <OrdersSkeleton />;
  if (active.isError || all.isError)
    return (
      <LoadError
        title="Не удалось загрузить заказы"
        onRetry={() => Promise.all([active.refetch(), all.refetch()])}
        retrying={active.isFetching || all.isFetching}
      />
    );

  const activeOrders = active.data.orders;
  const past = all.data.pages.flatMap((p) => p.orders).filter((o) => !isActiveStatus(o.status));

  if (activeOrders.length === 0 && past.length === 0 && !all.hasNextPage)
    return (
      <div className="orders-empty">
        <p className="orders-empty__title">Заказов пока нет</p>
        <p className="orders-empty__hint">Здесь появятся ваши покупки и их статусы</p>
        <Link to={paths.catalog()} className="button button--primary button--medium">
          Перейти в каталог
        </Link>
      </div>
    );

  return (
    <div className="orders-history">
      <section aria-labelledby="orders-active">
        <h2 id="orders-active" className="orders-history__heading">
          Активные
        </h2>
        {activeOrders.length === 0 ? (
          <p className="orders-history__none">Нет активных заказов</p>
        ) : (
          <ul className="orders-list">
            {activeOrders.map((o) => (
              <li key={o.id}>
                <OrderCard order={o} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {(past.length > 0 || all.hasNextPage) && (
        <section aria-labelledby="orders-past">
          <h2 id="orders-past" className="orders-history__heading">
            Завершённые
          </h2>
          <ul className="orders-list">
            {past.map((o) => (
              <li key={o.id}>
                <OrderCard order={o} />
              </li>
            ))}
          </ul>
          {all.hasNextPage && (
            <Button
              variant="secondary"
              size="medium"
              fullWidth
              loading={all.isFetchingNextPage}
              onClick={() => void all.fetchNextPage()}
            >
              Показать ещё
            </Button>
          )}
        </section>
      )}
    </div>
  );
}

function OrdersSkeleton() {
  return (
    <div className="orders-history" aria-busy="true" aria-label="Загрузка заказов">
      {[0, 1, 2].map((i) => (
        <SkeletonBlock key={i} style={{ height: 150, borderRadius: 12 }} />
      ))}
    </div>
  );
}
