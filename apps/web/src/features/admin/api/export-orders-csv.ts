// GET /admin/orders/export.csv: the current filter as a CSV file.
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client.ts';
import { fileDate, saveBlob } from '../../../lib/save-blob.ts';
import { adminOrderQuery, type AdminOrderFilter } from './get-admin-orders.ts';

/** `orders`: one row per order with its money and goods; `lines`: one row per order line. */
export async function downloadOrdersCsv(
  f: AdminOrderFilter,
  kind: 'orders' | 'lines' = 'orders',
): Promise<void> {
  const path = kind === 'lines' ? '/v1/admin/orders/export-lines.csv' : '/v1/admin/orders/export.csv';
  const blob = await apiBlob(path, adminOrderQuery(f));
  saveBlob(blob, `${kind === 'lines' ? 'order-lines' : 'orders'}-${fileDate()}.csv`);
}

/** The download as an action: a failure toasts once (app/query-client.ts). */
export const useDownloadOrdersCsv = (filter: AdminOrderFilter) =>
  useMutation({
    mutationFn: (kind: 'orders' | 'lines') => downloadOrdersCsv(filter, kind),
    meta: { errorMessage: 'Не удалось выгрузить заказы' },
  });
