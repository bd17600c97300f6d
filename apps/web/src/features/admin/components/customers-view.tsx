// The console's customers (docs/product.md §12.6): a search by name, phone or @username; each
// customer's orders, paid total (payments less refunds), last order, bonus balance, and who brought
// them (an inviter or a blogger), and «не получает сообщения» when the bot may not write to them
// (docs/decisions/063, 068); pages behind «Показать ещё».
import './console-pages.css';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatPrice } from '../../../lib/price.ts';
import { plural } from '../../../lib/plural.ts';
import { useCustomers } from '../api/customers.ts';
import { formatDateTime } from '../admin-labels.ts';

const ORDER_FORMS = ['заказ', 'заказа', 'заказов'] as const;

export function CustomersView() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const customers = useCustomers(q);

  useEffect(() => {
    if (search === q) return;
    const timer = setTimeout(() => setParams(search ? { q: search } : {}, { replace: true }), 350);
    return () => clearTimeout(timer);
  }, [search, q, setParams]);

  const rows = customers.data?.pages.flatMap((p) => p.customers) ?? [];
  return (
    <section className="admin-customers">
      <SearchInput
        value={search}
        onValueChange={setSearch}
        placeholder="Имя, телефон или @username"
        aria-label="Поиск покупателей"
      />
      {customers.isError && (
        <p className="admin-error" role="alert">
          {customers.error.message}
        </p>
      )}
      {customers.isPending && (
        <div className="admin-card">
          {[0, 1, 2].map((i) => (
            <SkeletonBlock key={i} className="admin-row__skeleton" />
          ))}
        </div>
      )}
      {customers.isSuccess && rows.length === 0 && <p className="admin-empty">Покупатели не найдены</p>}
      {rows.length > 0 && (
        <ul className="admin-list admin-card" aria-label="Покупатели">
          {rows.map((c) => (
            <li key={c.id} className="admin-list__item" data-customer-id={c.id}>
              <Link className="admin-line admin-customer__link" to={paths.adminCustomer(c.id)}>
                <span className="admin-line__text">
                  <span className="admin-customer__name">
                    {[c.first_name, c.last_name].filter(Boolean).join(' ')}
                    {c.username && <span className="admin-muted"> @{c.username}</span>}
                    {!c.bot_may_write && <span className="admin-warn"> · не получает сообщения</span>}
                  </span>
                  <span className="admin-muted">
                    {c.orders} {plural(c.orders, ORDER_FORMS)}
                    {c.last_order_at ? ` · последний ${formatDateTime(c.last_order_at)}` : ''}
                    {c.phone_number ? ` · ${c.phone_number}` : ''}
                  </span>
                  {(c.bonus_balance > 0 || c.referred_by || c.blogger) && (
                    <span className="admin-muted">
                      {[
                        c.bonus_balance > 0 ? `бонусы ${formatPrice(c.bonus_balance)}` : null,
                        c.referred_by ? `пригласил(а) ${c.referred_by.name}` : null,
                        c.blogger ? `блогер ${c.blogger}` : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  )}
                </span>
                <span className="admin-line__sum">{formatPrice(c.paid_total)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {customers.hasNextPage && (
        <Button
          variant="light-primary"
          size="medium"
          fullWidth
          loading={customers.isFetchingNextPage}
          onClick={() => void customers.fetchNextPage()}
        >
          Показать ещё
        </Button>
      )}
    </section>
  );
}
