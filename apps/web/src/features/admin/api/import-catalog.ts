// POST /admin/catalog/import: the import file (docs/catalog-import.md) — JSON, CSV or XLSX, sent as
// its bytes (application/octet-stream; the server tells the format) — first as a dry run that
// reports what would change and every error with its row and field, then for real. A dry run (or a file with row errors) answers the
// counts (200); a clean file applied answers a job at once (202), polled through
// GET /admin/catalog/import/{job_id}. XMLHttpRequest rather than fetch: it reports upload
// progress, which a large file needs.
import {
  AdminImportJobResponseSchema,
  AdminImportResultResponseSchema,
  ApiErrorSchema,
  type AdminImportJob,
  type AdminImportResult,
} from '@shop/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, apiBlob, ApiRequestError, buildUrl } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { readString, STORAGE_KEYS } from '../../../lib/storage.ts';

export type ImportAnswer =
  { kind: 'result'; result: AdminImportResult } | { kind: 'job'; job: AdminImportJob };

export function importCatalog(
  file: Blob,
  dryRun: boolean,
  onProgress: (fraction: number) => void,
): Promise<ImportAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/v1/admin/catalog/import', { dry_run: dryRun ? '1' : '0' }));
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    const token = readString(STORAGE_KEYS.accessToken);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.upload.onload = () => onProgress(1);
    xhr.onerror = () => reject(new ApiRequestError(0, 'network', 'Нет соединения с сервером'));
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      if (xhr.status === 202) {
        const parsed = AdminImportJobResponseSchema.safeParse(payload);
        if (parsed.success) resolve({ kind: 'job', job: parsed.data.result });
        else reject(new ApiRequestError(xhr.status, 'http', 'Неожиданный ответ сервера'));
        return;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = AdminImportResultResponseSchema.safeParse(payload);
        if (parsed.success) resolve({ kind: 'result', result: parsed.data.result });
        else reject(new ApiRequestError(xhr.status, 'http', 'Неожиданный ответ сервера'));
        return;
      }
      const error = ApiErrorSchema.safeParse(payload);
      if (error.success) {
        const { code, message, field } = error.data.error;
        reject(new ApiRequestError(xhr.status, code, message, field));
      } else reject(new ApiRequestError(xhr.status, 'http', `Ошибка сервера (${xhr.status})`));
    };
    xhr.send(file);
  });
}

export const getImportJob = async (id: number): Promise<AdminImportJob> =>
  (await api(`/v1/admin/catalog/import/${id}`, { schema: AdminImportJobResponseSchema })).result;

const isFinished = (job: AdminImportJob | undefined) => job?.status === 'done' || job?.status === 'failed';

/** Polled every second until the job is done or failed. */
export const importJobQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: queryKeys.adminImportJob(id),
    queryFn: () => getImportJob(id!),
    enabled: id !== null,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : 1000),
    meta: { errorMessage: 'Не удалось узнать, как идёт импорт' },
  });

export type ImportInput = { file: Blob; dryRun: boolean; onProgress: (fraction: number) => void };

/** The upload, as a check or for real: a failure toasts once (app/query-client.ts). */
export const useImportCatalog = () =>
  useMutation({
    mutationFn: ({ file, dryRun, onProgress }: ImportInput) => importCatalog(file, dryRun, onProgress),
    meta: { errorMessage: 'Импорт не удался' },
  });

export const useDownloadImportTemplate = () =>
  useMutation({ mutationFn: downloadImportTemplate, meta: { errorMessage: 'Шаблон не скачался' } });

/** GET /admin/catalog/import/template: the table template, saved through an object URL (the token rides in a header). */
export async function downloadImportTemplate(format: 'csv' | 'xlsx'): Promise<void> {
  const blob = await apiBlob('/v1/admin/catalog/import/template', { format });
  saveBlob(blob, `catalog-template.${format}`);
}
