// The audit log (docs/product.md §12.1): every admin write with who, what, before and after.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { auditQueryOptions } from '../api/get-audit.ts';
import { formatDateTime } from '../admin-labels.ts';
import { actorName } from './actor.ts';

const ACTION_RU: Record<string, string> = {
  'order.status': 'Статус заказа',
  'order.note': 'Заметка к заказу',
  'order.refund': 'Возврат',
  'order.passport_reveal': 'Просмотр паспорта',
  'product.update': 'Товар',
  'variant.update': 'Вариант',
  'variant.undo': 'Отмена изменения варианта',
  'order.restore': 'Заказ восстановлен',
  'staff.alerts': 'Уведомления сотрудника',
  'catalog.import': 'Импорт каталога',
  'staff.add': 'Сотрудник добавлен',
  'staff.role': 'Роль сотрудника',
  'staff.remove': 'Сотрудник удалён',
  'notification.resend': 'Повтор сообщения',
};

const ENTITY_RU: Record<string, string> = {
  order: 'заказ',
  product: 'товар',
  variant: 'вариант',
  staff: 'сотрудник',
  notification: 'сообщение',
  catalog: 'каталог',
};

const brief = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

export function AuditView() {
  const audit = useInfiniteQuery(auditQueryOptions());
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section className="admin-audit">
      {audit.isError && (
        <p className="admin-error" role="alert">
          {audit.error.message}
        </p>
      )}
      {audit.isSuccess && entries.length === 0 && <p className="admin-empty">Записей нет</p>}
      <ul className="admin-list admin-card">
        {entries.map((e) => (
          <li key={e.id} className="admin-list__item">
            <span className="admin-line__text">
              <span>
                {ACTION_RU[e.action] ?? e.action}
                {e.entity_id ? ` · ${ENTITY_RU[e.entity] ?? e.entity} №${e.entity_id}` : ''}
              </span>
              <span className="admin-muted">
                {actorName(e.actor)} · {formatDateTime(e.created_at)}
              </span>
              {e.summary ? (
                <span className="admin-audit__diff">{e.summary}</span>
              ) : (
                <span className="admin-mono admin-audit__diff">
                  {brief(e.before)} → {brief(e.after)}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {audit.hasNextPage && (
        <Button
          variant="light-primary"
          size="medium"
          fullWidth
          loading={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          Показать ещё
        </Button>
      )}
    </section>
  );
}
