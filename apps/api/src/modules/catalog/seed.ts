// First start: an empty catalogue gets the demo catalogue.
import type { Database } from '../../db/client.ts';
import { catalogIsEmpty, importCatalog, type ImportSummary } from './catalog-import.repository.ts';
import { demoCatalog } from './demo-catalog.ts';

export async function seedDemoCatalog(db: Database): Promise<ImportSummary | undefined> {
  if (!(await catalogIsEmpty(db))) return undefined;
  return importCatalog(db, demoCatalog());
}
