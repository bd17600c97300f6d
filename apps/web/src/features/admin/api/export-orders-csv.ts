// GET /admin/orders/export.csv: the current filter as a CSV file. A plain link cannot carry the
// bearer token, so the file is fetched as a blob and saved through an object URL.
import { apiBlob } from '../../../lib/api-client.ts';
import { adminOrderQuery, type AdminOrderFilter } from './get-admin-orders.ts';

export async function downloadOrdersCsv(f: AdminOrderFilter): Promise<void> {
  const blob = await apiBlob('/v1/admin/orders/export.csv', adminOrderQuery(f));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `orders-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; revoke on the next turn so it has the URL.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
