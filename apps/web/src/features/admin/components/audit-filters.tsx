// The audit log's filters (docs/product.md §12.1): who (everyone in the log, by name), what (a family
// or one kind of action), on what (an object kind and its number) and the days.
import { useQuery } from '@tanstack/react-query';
import { auditActorsQueryOptions, type AuditFilter } from '../api/get-audit.ts';
import { ACTION_FAMILY_RU, ACTION_RU, ENTITY_RU } from '../audit-labels.ts';
import { DateRangeFields } from './date-range-fields.tsx';

type Props = { filter: AuditFilter; onChange: (patch: Partial<AuditFilter>) => void };

export function AuditFilters({ filter, onChange }: Props) {
  const actors = useQuery(auditActorsQueryOptions());
  return (
    <div className="admin-filters" role="group" aria-label="Фильтры журнала">
      <div className="admin-filters__row">
        <label className="admin-field">
          <span>Кто</span>
          <select
            className="admin-select"
            value={filter.actor}
            onChange={(e) => onChange({ actor: e.target.value })}
          >
            <option value="">Все</option>
            {(actors.data ?? []).map((a) => (
              <option key={a.telegram_id} value={String(a.telegram_id)}>
                {a.name ?? `id ${a.telegram_id}`}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>Что</span>
          <select
            className="admin-select"
            value={filter.action}
            onChange={(e) => onChange({ action: e.target.value })}
          >
            <option value="">Все действия</option>
            {Object.entries(ACTION_FAMILY_RU).map(([family, label]) => (
              <optgroup key={family} label={label}>
                <option value={family}>{label}: все</option>
                {Object.entries(ACTION_RU)
                  .filter(([action]) => action.startsWith(`${family}.`))
                  .map(([action, text]) => (
                    <option key={action} value={action}>
                      {text}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>Объект</span>
          <select
            className="admin-select"
            value={filter.entity}
            onChange={(e) => onChange({ entity: e.target.value })}
          >
            <option value="">Любой</option>
            {Object.entries(ENTITY_RU).map(([entity, label]) => (
              <option key={entity} value={entity}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {filter.entity && (
          <label className="admin-field">
            <span>№</span>
            <input
              className="admin-input"
              inputMode="numeric"
              aria-label="Номер объекта"
              value={filter.entity_id}
              onChange={(e) => onChange({ entity_id: e.target.value })}
            />
          </label>
        )}
        <DateRangeFields from={filter.from} to={filter.to} onChange={onChange} />
      </div>
    </div>
  );
}
