// What a catalogue import check or run found (docs/product.md §12.2): the counts, every change
// before → after, and every error with its row and field — kept on the page until the next file.
import type { AdminImportChange, AdminImportResult } from '@shop/contract';

const ENTITY_RU: Record<AdminImportChange['entity'], string> = {
  product: 'Товар',
  variant: 'Вариант',
  category: 'Категория',
  brand: 'Бренд',
};
const ACTION_RU: Record<AdminImportChange['action'], string> = {
  create: 'будет создан(а)',
  update: 'изменится',
  delete: 'будет удалён(а)',
};

/** «…; удалено вариантов: 2; изменится категорий: 1» — what «Применить» confirms beyond products. */
export function changesSummary(changes: AdminImportChange[]): string {
  const count = (entity: AdminImportChange['entity'], action: AdminImportChange['action']) =>
    changes.filter((c) => c.entity === entity && c.action === action).length;
  const parts = [
    ['удалено вариантов', count('variant', 'delete')],
    ['изменится вариантов', count('variant', 'update')],
    ['новых категорий', count('category', 'create')],
    ['изменится категорий', count('category', 'update')],
    ['новых брендов', count('brand', 'create')],
    ['изменится брендов', count('brand', 'update')],
  ] as const;
  return parts
    .filter(([, n]) => n > 0)
    .map(([label, n]) => `${label}: ${n}`)
    .join('; ');
}

function ChangesTable({ changes }: { changes: AdminImportChange[] }) {
  return (
    <table className="admin-variants" aria-label="Что изменится">
      <thead>
        <tr>
          <th>Что</th>
          <th>Название</th>
          <th>Изменение</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c, i) => (
          <tr key={`${c.entity}-${c.name}-${i}`}>
            <td>
              {ENTITY_RU[c.entity]} {ACTION_RU[c.action]}
            </td>
            <td>{c.name}</td>
            <td>{c.detail ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ErrorsTable({ errors }: { errors: AdminImportResult['errors'] }) {
  return (
    <>
      <p className="admin-warn" role="alert">
        Исправьте ошибки в файле и проверьте снова.
      </p>
      <table className="admin-variants" aria-label="Ошибки в файле">
        <thead>
          <tr>
            <th>Где</th>
            <th>Поле</th>
            <th>Ошибка</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e, i) => (
            <tr key={`${e.path}-${i}`}>
              <td>{e.row ?? 'Весь файл'}</td>
              <td>{e.field ?? '—'}</td>
              <td>{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function ImportResultCard({ result, checked }: { result: AdminImportResult; checked: boolean }) {
  return (
    <div className="admin-card" aria-live="polite">
      <h2 className="admin-card__title">{checked ? 'Результат проверки' : 'Импорт применён'}</h2>
      <dl className="admin-facts">
        <dt>{checked ? 'Будет создано' : 'Создано'}</dt>
        <dd>{result.created}</dd>
        <dt>{checked ? 'Будет изменено' : 'Изменено'}</dt>
        <dd>{result.updated}</dd>
        <dt>Ошибок</dt>
        <dd>{result.errors.length}</dd>
      </dl>
      {checked && result.changes.length > 0 && <ChangesTable changes={result.changes} />}
      {checked && result.changes_more > 0 && (
        <p className="admin-muted">И ещё изменений: {result.changes_more}</p>
      )}
      {result.errors.length > 0 && <ErrorsTable errors={result.errors} />}
    </div>
  );
}

export function Progress({ label, fraction }: { label: string; fraction: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div
      className="admin-progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label}
    >
      <span style={{ width: `${percent}%` }} />
    </div>
  );
}
