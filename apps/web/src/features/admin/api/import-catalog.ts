// POST /admin/catalog/import: the import file (docs/catalog-import.md), first as a dry run that
// reports what would change, then for real. XMLHttpRequest rather than fetch: it reports upload
// progress, which a large file needs.
import { AdminImportResultResponseSchema, ApiErrorSchema, type AdminImportResult } from '@shop/contract';
import { ApiRequestError, buildUrl } from '../../../lib/api-client.ts';
import { readString, STORAGE_KEYS } from '../../../lib/storage.ts';

export function importCatalog(
  fileText: string,
  dryRun: boolean,
  onProgress: (fraction: number) => void,
): Promise<AdminImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/v1/admin/catalog/import', { dry_run: dryRun ? '1' : '0' }));
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('accept', 'application/json');
    const token = readString(STORAGE_KEYS.accessToken);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    // Sending is half the work; the server's answer is the other half.
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress((e.loaded / e.total) * 0.5);
    xhr.upload.onload = () => onProgress(0.5);
    xhr.onprogress = (e) => e.lengthComputable && onProgress(0.5 + (e.loaded / e.total) * 0.5);
    xhr.onerror = () => reject(new ApiRequestError(0, 'network', 'Нет соединения с сервером'));
    xhr.onload = () => {
      onProgress(1);
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = AdminImportResultResponseSchema.safeParse(payload);
        if (parsed.success) resolve(parsed.data.result);
        else reject(new ApiRequestError(xhr.status, 'http', 'Неожиданный ответ сервера'));
        return;
      }
      const error = ApiErrorSchema.safeParse(payload);
      if (error.success) {
        const { code, message, field } = error.data.error;
        reject(new ApiRequestError(xhr.status, code, message, field));
      } else reject(new ApiRequestError(xhr.status, 'http', `Ошибка сервера (${xhr.status})`));
    };
    xhr.send(fileText);
  });
}
