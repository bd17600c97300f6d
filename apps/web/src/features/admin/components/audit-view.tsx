// The audit log (docs/product.md §12.1): every admin write with who (by name), what (in Russian),
// on what and when, its change field by field; filtered by who, what, object and days, the filters
// kept in the address so a reload or a shared link shows the same entries.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { auditQueryOptions, type AuditFilter } from '../api/get-audit.ts';
import { formatDateTime } from '../admin-labels.ts';
import { actionRu, describeChange, ENTITY_RU } from '../audit-labels.ts';
import { actorName } from './actor.ts';
import { AuditFilters } from './audit-filters.tsx';

const brief = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));
const KEYS = ['actor', 'action', 'entity', 'entity_id', 'from', 'to'] as const;

function useAuditFilter() {
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? ''])) as AuditFilter;
  const update = (patch: Partial<AuditFilter>) => {
    const next = { ...filter, ...patch };
    if (!next.entity) next.entity_id = '';
    const out = new URLSearchParams();
    for (const k of KEYS) if (next[k].trim()) out.set(k, next[k].trim());
    setParams(out, { replace: true });
  };
  return { filter, update };
}

export function AuditView() {
  const { filter, update } = useAuditFilter();
  const audit = useInfiniteQuery(auditQueryOptions(filter));
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section className="admin-audit">
      <AuditFilters filter={filter} onChange={update} />
      {audit.isError && (
        <p className="admin-error" role="alert">
          {audit.error.message}
        </p>
      )}
      {audit.isSuccess && entries.length === 0 && <p className="admin-empty">Записей нет</p>}
      <ul className="admin-list admin-card" aria-label="Записи журнала">
        {entries.map((e) => {
          const lines = e.summary ? [e.summary] : describeChange(e.before, e.after);
          return (
            <li key={e.id} className="admin-list__item">
              <span className="admin-line__text">
                <span>
                  {actionRu(e.action)}
                  {e.entity_id ? ` · ${ENTITY_RU[e.entity] ?? e.entity} №${e.entity_id}` : ''}
                </span>
                <span className="admin-muted">
                  {actorName(e.actor)} · {formatDateTime(e.created_at)}
                </span>
                {lines.length > 0 ? (
                  lines.map((line) => (
                    <span key={line} className="admin-audit__diff">
                      {line}
                    </span>
                  ))
                ) : (
                  <details className="admin-audit__raw">
                    <summary>Подробности</summary>
                    <span className="admin-mono admin-audit__diff">
                      {brief(e.before)} → {brief(e.after)}
                    </span>
                  </details>
                )}
              </span>
            </li>
          );
        })}
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
