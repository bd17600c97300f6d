// GET /admin/orders/export.csv: the current filter as a CSV file. A plain link cannot carry the
// bearer token, so the file is fetched as a blob and saved through an object URL.
import { apiBlob } from '../../../lib/api-client.ts';
import { adminOrderQuery, type AdminOrderFilter } from './get-admin-orders.ts';

/** `orders`: one row per order with its money and goods; `lines`: one row per order line. */
export async function downloadOrdersCsv(
  f: AdminOrderFilter,
  kind: 'orders' | 'lines' = 'orders',
): Promise<void> {
  const path = kind === 'lines' ? '/v1/admin/orders/export-lines.csv' : '/v1/admin/orders/export.csv';
  const blob = await apiBlob(path, adminOrderQuery(f));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${kind === 'lines' ? 'order-lines' : 'orders'}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; revoke on the next turn so it has the URL.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
