// First start: an empty catalogue gets the demo catalogue (checked by the importer's own rules).
import type { Database } from '../../db/client.ts';
import { catalogIsEmpty, importCatalog, type ImportSummary } from './catalog-import.repository.ts';
import { demoCatalog } from './demo/demo-catalog.ts';
import { parseImportFile } from './import-format.ts';

export async function seedDemoCatalog(db: Database): Promise<ImportSummary | undefined> {
  if (!(await catalogIsEmpty(db))) return undefined;
  const { file, issues } = parseImportFile(demoCatalog());
  if (issues.length) throw new Error(`demo catalogue is invalid: ${issues[0]!.path}: ${issues[0]!.message}`);
  return importCatalog(db, file);
}
