// Catalogue import (docs/product.md §12.2, docs/catalog-import.md): the file is first checked as a dry run —
// what would be created, changed, and which rows are wrong — and applied only after that, with a
// progress bar while it uploads and runs.
import { roleCan, type AdminImportResult } from '@shop/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { notify } from '../../../components/ui/notify.ts';
import { importCatalog } from '../api/import-catalog.ts';
import { useStaffRole } from '../use-staff-role.ts';

type Stage =
  | { kind: 'idle' }
  | { kind: 'running'; dryRun: boolean; progress: number }
  | { kind: 'checked'; result: AdminImportResult }
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

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setStage({ kind: 'running', dryRun, progress: 0 });
    try {
      const result = await importCatalog(file.text, dryRun, (progress) =>
        setStage((s) => (s.kind === 'running' ? { ...s, progress } : s)),
      );
      setStage({ kind: dryRun ? 'checked' : 'applied', result });
      if (!dryRun) notify.success(`Импорт завершён: создано ${result.created}, изменено ${result.updated}`);
    } catch (error) {
      setStage({ kind: 'idle' });
      notify.error(error instanceof Error ? error.message : 'Импорт не удался');
    }
  };

  const apply = async () => {
    if (stage.kind !== 'checked') return;
    const ok = await confirm({
      title: 'Применить импорт?',
      message: `Будет создано ${stage.result.created} и изменено ${stage.result.updated} товаров.`,
      confirmText: 'Применить',
      cancelText: 'Отмена',
    });
    if (ok) await run(false);
  };

  const result = stage.kind === 'checked' || stage.kind === 'applied' ? stage.result : null;

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
            disabled={!file || stage.kind === 'running'}
            onClick={() => void run(true)}
          >
            Проверить
          </Button>
          <Button
            size="medium"
            disabled={stage.kind !== 'checked' || stage.result.errors.length > 0}
            onClick={() => void apply()}
          >
            Применить
          </Button>
        </div>
        {stage.kind === 'running' && (
          <div
            className="admin-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(stage.progress * 100)}
            aria-label={stage.dryRun ? 'Проверка' : 'Импорт'}
          >
            <span style={{ width: `${Math.round(stage.progress * 100)}%` }} />
          </div>
        )}
      </div>
      {result && (
        <div className="admin-card" aria-live="polite">
          <h2 className="admin-card__title">
            {stage.kind === 'checked' ? 'Результат проверки' : 'Импорт применён'}
          </h2>
          <dl className="admin-facts">
            <dt>{stage.kind === 'applied' ? 'Создано' : 'Будет создано'}</dt>
            <dd>{result.created}</dd>
            <dt>{stage.kind === 'applied' ? 'Изменено' : 'Будет изменено'}</dt>
            <dd>{result.updated}</dd>
            <dt>Ошибок</dt>
            <dd>{result.errors.length}</dd>
          </dl>
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
