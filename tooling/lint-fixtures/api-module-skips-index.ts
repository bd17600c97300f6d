// Linted as apps/api/src/modules/admin/api-module-skips-index.ts: a module reaching past another's index.ts.
import { refreshListingColumns } from '../catalog/listing-columns.ts';
import { writeAudit } from '../staff/index.ts';

export const used = [refreshListingColumns, writeAudit];
