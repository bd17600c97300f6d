// Catalogue import (docs/product.md §12.2, docs/catalog-import.md): the file is first checked as a dry run —
// what would be created, changed, and which rows are wrong — and applied only after that, with a
// progress bar while it uploads and then while the import job writes the products.
import { roleCan, type AdminImportChange, type AdminImportJob, type AdminImportResult } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { notify } from '../../../components/ui/notify.ts';
import { importCatalog, importJobQueryOptions } from '../api/import-catalog.ts';
import { useStaffRole } from '../use-staff-role.ts';

type Stage =
  | { kind: 'idle' }
  | { kind: 'running'; dryRun: boolean; progress: number }
  | { kind: 'checked'; result: AdminImportResult }
  | { kind: 'job'; jobId: number }
  | { kind: 'applied'; result: AdminImportResult };

const RECORD_RU: Record<string, string> = { products: 'Товар', brands: 'Бренд', categories: 'Категория' };

/** "products[3].variants[0].price" → "Товар 4" (people count from one). */
const recordOf = (path: string) => {
  const m = /^(products|brands|categories)\[(\d+)\]/.exec(path);
  return m ? `${RECORD_RU[m[1]!]} ${Number(m[2]) + 1}` : null;
};

export function ImportView() {
  if (!roleCan(useStaffRole(), 'operate'))
    return <p className="admin-empty">Импорт каталога доступен владельцу и менеджерам.</p>;
  return <ImportForm />;
}

function ImportForm() {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });

  const jobId = stage.kind === 'job' ? stage.jobId : null;
  const { data: job, error: jobError } = useQuery(importJobQueryOptions(jobId));
  const current = jobId !== null && job?.id === jobId ? job : undefined;
  // What the form shows: a finished job reads like a direct answer would.
  const view: Stage =
    jobId === null
      ? stage
      : jobError
        ? { kind: 'idle' }
        : current?.status === 'done'
          ? { kind: 'applied', result: resultOfJob(current) }
          : current?.status === 'failed'
            ? { kind: 'checked', result: resultOfJob(current) }
            : stage;

  useEffect(() => {
    if (current?.status === 'done')
      notify.success(`Импорт завершён: создано ${current.created}, изменено ${current.updated}`);
    // Structural sharing keeps a finished job the same object, so this fires once per outcome.
    // A failed job's reason (or the rows found wrong) is in its errors, shown like a dry run's.
    else if (current?.status === 'failed') notify.error(current.errors[0]?.message ?? 'Импорт не удался');
  }, [current]);

  useEffect(() => {
    if (jobId !== null && jobError) notify.error(jobError.message);
  }, [jobError, jobId]);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setStage({ kind: 'running', dryRun, progress: 0 });
    try {
      const answer = await importCatalog(file.text, dryRun, (progress) =>
        setStage((s) => (s.kind === 'running' ? { ...s, progress } : s)),
      );
      if (answer.kind === 'job') return setStage({ kind: 'job', jobId: answer.job.id });
      const { result } = answer;
      // Without a job the server wrote nothing: the file had row errors, shown as a check.
      setStage({ kind: dryRun || result.errors.length > 0 ? 'checked' : 'applied', result });
      if (!dryRun && result.errors.length === 0)
        notify.success(`Импорт завершён: создано ${result.created}, изменено ${result.updated}`);
    } catch (error) {
      setStage({ kind: 'idle' });
      notify.error(error instanceof Error ? error.message : 'Импорт не удался');
    }
  };

  const apply = async () => {
    if (view.kind !== 'checked') return;
    const ok = await confirm({
      title: 'Применить импорт?',
      message: `Будет создано ${view.result.created} и изменено ${view.result.updated} товаров.`,
      confirmText: 'Применить',
      cancelText: 'Отмена',
    });
    if (ok) await run(false);
  };

  const result = view.kind === 'checked' || view.kind === 'applied' ? view.result : null;

  return (
    <section className="admin-import">
      <div className="admin-card admin-form">
        <h2 className="admin-card__title">Импорт каталога</h2>
        <p className="admin-muted">
          Файл JSON в формате docs/catalog-import.md. Сначала проверка без изменений, затем применение.
        </p>
        <input
          type="file"
          accept="application/json,.json"
          aria-label="Файл импорта"
          onChange={(e) => {
            const picked = e.target.files?.[0];
            setStage({ kind: 'idle' });
            if (!picked) return setFile(null);
            void picked.text().then((text) => setFile({ name: picked.name, text }));
          }}
        />
        <div className="admin-actions">
          <Button
            size="medium"
            variant="light-primary"
            disabled={!file || view.kind === 'running' || view.kind === 'job'}
            onClick={() => void run(true)}
          >
            Проверить
          </Button>
          <Button
            size="medium"
            disabled={view.kind !== 'checked' || view.result.errors.length > 0}
            onClick={() => void apply()}
          >
            Применить
          </Button>
        </div>
        {view.kind === 'running' && (
          <Progress label={view.dryRun ? 'Проверка' : 'Загрузка файла'} fraction={view.progress} />
        )}
        {view.kind === 'job' && (
          <>
            <Progress label="Импорт" fraction={job && job.total > 0 ? job.done / job.total : 0} />
            <p className="admin-muted" aria-live="polite">
              {!job || job.status === 'queued'
                ? 'Импорт в очереди…'
                : `Записано товаров: ${job.done} из ${job.total}`}
            </p>
          </>
        )}
      </div>
      {result && (
        <div className="admin-card" aria-live="polite">
          <h2 className="admin-card__title">
            {view.kind === 'checked' ? 'Результат проверки' : 'Импорт применён'}
          </h2>
          <dl className="admin-facts">
            <dt>{view.kind === 'applied' ? 'Создано' : 'Будет создано'}</dt>
            <dd>{result.created}</dd>
            <dt>{view.kind === 'applied' ? 'Изменено' : 'Будет изменено'}</dt>
            <dd>{result.updated}</dd>
            <dt>Ошибок</dt>
            <dd>{result.errors.length}</dd>
          </dl>
          {view.kind === 'checked' && result.changes.length > 0 && (
            <table className="admin-variants" aria-label="Что изменится">
              <thead>
                <tr>
                  <th>Что</th>
                  <th>Название</th>
                  <th>Изменение</th>
                </tr>
              </thead>
              <tbody>
                {result.changes.map((c, i) => (
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
          )}
          {view.kind === 'checked' && result.changes_more > 0 && (
            <p className="admin-muted">И ещё изменений: {result.changes_more}</p>
          )}
          {result.errors.length > 0 && (
            <>
              <p className="admin-warn">Исправьте ошибки в файле и проверьте снова.</p>
              <table className="admin-variants">
                <thead>
                  <tr>
                    <th>Запись</th>
                    <th>Поле</th>
                    <th>Ошибка</th>
                  </tr>
                </thead>
                <tbody>
                  {result.errors.map((e, i) => (
                    <tr key={`${e.path}-${i}`}>
                      <td>{recordOf(e.path) ?? '—'}</td>
                      <td className="admin-mono">{e.path}</td>
                      <td>{e.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </div>
      )}
    </section>
  );
}

const resultOfJob = (job: AdminImportJob): AdminImportResult => ({
  dry_run: false,
  created: job.created,
  updated: job.updated,
  errors: job.errors,
  changes: [],
  changes_more: 0,
});

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

function Progress({ label, fraction }: { label: string; fraction: number }) {
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
