// The console's frame (docs/product.md §12.2): the sections («Заказы» counts the orders waiting for a
// refund), and nothing at all for anyone who is not staff.
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { roleCan } from '@shop/contract';
import { useAdminBadges } from '../api/admin-badges.ts';
import { useAdminMe } from '../api/get-admin-me.ts';
import { ROLE_RU } from '../admin-labels.ts';
import './admin.css';
import { Spinner } from '../../../components/ui/spinner.tsx';

const SECTIONS = [
  { to: '/admin', label: 'Сводка', end: true },
  { to: '/admin/orders', label: 'Заказы', end: false },
  { to: '/admin/purchase-list', label: 'Закупка', end: true },
  { to: '/admin/customers', label: 'Покупатели', end: false },
  { to: '/admin/inventory', label: 'Склад', end: true },
  { to: '/admin/catalog', label: 'Каталог', end: true },
  { to: '/admin/products/new', label: 'Новый товар', end: true, operate: true },
  { to: '/admin/catalog/import', label: 'Импорт', end: true, operate: true },
  { to: '/admin/bloggers', label: 'Блогеры', end: true },
  { to: '/admin/payouts', label: 'Выплаты', end: true },
  { to: '/admin/find-requests', label: 'Запросы', end: true },
  { to: '/admin/staff', label: 'Сотрудники', end: true },
  { to: '/admin/settings', label: 'Настройки', end: true },
  { to: '/admin/audit', label: 'Журнал', end: true },
] as const;

export function AdminShell({ children }: { children: ReactNode; pathname: string }) {
  const me = useAdminMe();
  // «Нужен возврат»: money the shop owes, counted on «Заказы» wherever the staff member is.
  const owed = useAdminBadges(Boolean(me.data)).data?.needs_refund ?? 0;

  if (me.isPending)
    return (
      <div className="admin admin--center" role="status" aria-label="Загрузка">
        <Spinner />
      </div>
    );
  if (me.isError)
    return (
      <div className="admin admin--center">
        <p className="admin-muted">Не удалось открыть панель: {me.error.message}</p>
      </div>
    );
  if (!me.data)
    return (
      <div className="admin admin--center">
        <div className="admin-denied">
          <h1 className="admin-title">Нет доступа</h1>
          <p className="admin-muted">Панель магазина открыта только сотрудникам.</p>
        </div>
      </div>
    );

  const { role } = me.data;
  return (
    <div className="admin">
      <header className="admin-head">
        <h1 className="admin-title">Панель магазина</h1>
        <span className="admin-role">{ROLE_RU[role]}</span>
      </header>
      <nav className="admin-nav" aria-label="Разделы панели">
        {SECTIONS.filter((s) => !('operate' in s) || roleCan(role, 'operate')).map((s) => (
          <NavLink
            key={s.to}
            to={s.to}
            end={s.end}
            aria-describedby={s.to === '/admin/orders' && owed > 0 ? 'admin-nav-owed' : undefined}
            className={({ isActive }) => `admin-nav__link${isActive ? ' admin-nav__link--active' : ''}`}
          >
            {s.label}
            {s.to === '/admin/orders' && owed > 0 && (
              // The link keeps its name «Заказы»; the count is its description («Нужен возврат: 2»).
              <>
                <span
                  className="admin-nav__badge"
                  title="Нужен возврат"
                  aria-hidden="true"
                  data-testid="owed-badge"
                >
                  {owed}
                </span>
                <span id="admin-nav-owed" className="admin-nav__badge-note" aria-hidden="true">
                  Нужен возврат: {owed}
                </span>
              </>
            )}
          </NavLink>
        ))}
      </nav>
      <main className="admin-main">{children}</main>
    </div>
  );
}
