// Catalogue import (docs/product.md §12.2, docs/catalog-import.md): a JSON, CSV or XLSX file (a template
// to download) is first checked as a dry run — what would be created, changed or deleted, before →
// after, and every error with its row and field — and applied only after that, with a progress bar
// while it uploads and then while the import job writes the products.
import { roleCan, type AdminImportJob, type AdminImportResult } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { notify } from '../../../components/ui/notify.ts';
import {
  importJobQueryOptions,
  useDownloadImportTemplate,
  useImportCatalog,
  type ImportAnswer,
} from '../api/import-catalog.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { changesSummary, ImportResultCard, Progress } from './import-result.tsx';
import { useStaffRole } from '../use-staff-role.ts';

type Stage =
  | { kind: 'idle' }
  | { kind: 'running'; dryRun: boolean; progress: number }
  | { kind: 'checked'; result: AdminImportResult }
  | { kind: 'job'; jobId: number }
  | { kind: 'applied'; result: AdminImportResult }
  /** The request failed (no connection, no right): said on the page until the next try. */
  | { kind: 'failed'; message: string };

export function ImportView() {
  if (!roleCan(useStaffRole(), 'operate'))
    return <p className="admin-empty">Импорт каталога доступен владельцу и менеджерам.</p>;
  return <ImportForm />;
}

function ImportForm() {
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });

  const jobId = stage.kind === 'job' ? stage.jobId : null;
  const { data: job, error: jobError } = useQuery(importJobQueryOptions(jobId));
  const current = jobId !== null && job?.id === jobId ? job : undefined;
  // What the form shows: a finished job reads like a direct answer would.
  const view: Stage =
    jobId === null
      ? stage
      : jobError
        ? { kind: 'failed', message: errorMessage(jobError, 'Не удалось узнать, как идёт импорт') }
        : current?.status === 'done'
          ? { kind: 'applied', result: resultOfJob(current) }
          : current?.status === 'failed'
            ? { kind: 'checked', result: resultOfJob(current) }
            : stage;

  // Structural sharing keeps a finished job the same object, so this fires once per outcome. A
  // failed job's reason (or the rows found wrong) is in its errors, shown like a dry run's (as a file
  // with row errors is without a job); a failed poll toasts through its query's meta.
  useEffect(() => {
    if (current?.status === 'done')
      notify.success(`Импорт завершён: создано ${current.created}, изменено ${current.updated}`);
  }, [current]);

  const upload = useImportCatalog();
  const run = async (dryRun: boolean) => {
    if (!file) return;
    setStage({ kind: 'running', dryRun, progress: 0 });
    const onProgress = (progress: number) => setStage((s) => (s.kind === 'running' ? { ...s, progress } : s));
    let answer: ImportAnswer;
    try {
      answer = await upload.mutateAsync({ file, dryRun, onProgress });
    } catch (error) {
      // Toasted once by the query client; said on the page until the next try.
      return setStage({ kind: 'failed', message: errorMessage(error, 'Импорт не удался') });
    }
    if (answer.kind === 'job') return setStage({ kind: 'job', jobId: answer.job.id });
    const { result } = answer;
    // Without a job the server wrote nothing: the file had row errors, shown as a check.
    setStage({ kind: dryRun || result.errors.length > 0 ? 'checked' : 'applied', result });
    if (!dryRun && result.errors.length === 0)
      notify.success(`Импорт завершён: создано ${result.created}, изменено ${result.updated}`);
  };

  const apply = async () => {
    if (view.kind !== 'checked') return;
    const ok = await confirm({
      title: 'Применить импорт?',
      message: [
        `Будет создано ${view.result.created} и изменено ${view.result.updated} товаров`,
        changesSummary(view.result.changes),
      ]
        .filter(Boolean)
        .join('; ')
        .concat('.'),
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
        <ImportHelp />
        <input
          type="file"
          accept=".json,.csv,.xlsx,application/json,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-label="Файл импорта"
          onChange={(e) => {
            setStage({ kind: 'idle' });
            setFile(e.target.files?.[0] ?? null);
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
        {view.kind === 'job' && <JobProgress job={job} />}
        {view.kind === 'failed' && (
          <p className="admin-warn" role="alert">
            {view.message}
          </p>
        )}
      </div>
      {result && <ImportResultCard result={result} checked={view.kind === 'checked'} />}
    </section>
  );
}

function ImportHelp() {
  const template = useDownloadImportTemplate();
  const download = (format: 'csv' | 'xlsx') => template.mutate(format);
  return (
    <>
      <p className="admin-muted">
        Таблица Excel (.xlsx) или CSV — одна строка на вариант товара, столбцы как в шаблоне; или файл JSON.
        Сначала проверка без изменений: она покажет каждую ошибку со строкой и столбцом и всё, что изменится.
        Затем — применение.
      </p>
      <div className="admin-actions">
        <Button size="small" variant="light-primary" onClick={() => download('xlsx')}>
          Шаблон .xlsx
        </Button>
        <Button size="small" variant="light-primary" onClick={() => download('csv')}>
          Шаблон .csv
        </Button>
      </div>
    </>
  );
}

function JobProgress({ job }: { job: AdminImportJob | undefined }) {
  return (
    <>
      <Progress label="Импорт" fraction={job && job.total > 0 ? job.done / job.total : 0} />
      <p className="admin-muted" aria-live="polite">
        {!job || job.status === 'queued' ? 'Импорт в очереди…' : `Записано товаров: ${job.done} из ${job.total}`}
      </p>
    </>
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
