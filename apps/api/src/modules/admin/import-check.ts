// An import file checked before anything is written (DESIGN §7.6): read in whichever format it
// came (import-table.ts), every row checked, and — for a dry run or a file with errors — imported
// in a transaction that is rolled back, so the counts are what the import would really do; the list
// of changes, before → after, comes from import-preview.ts.
import type { AdminImportResult } from '@shop/contract';
import type { Database } from '../../db/client.ts';
import {
  importCatalog,
  knownCatalogKeys,
  parseImportFile,
  type ImportFile,
  type ImportIssue,
} from '../catalog/index.ts';
import { previewImport } from './import-preview.ts';
import { sheetToImport } from './import-sheet.ts';
import { readUpload } from './import-table.ts';

export type CheckedImport = { file: ImportFile; issues: ImportIssue[] };

const EMPTY: ImportFile = { brands: [], categories: [], products: [] };

/**
 * The request's body as an import: a JSON body as parsed by the server, or the bytes of an upload
 * (JSON, CSV or XLSX). Every problem is listed, each with its row and field.
 */
export async function readImport(db: Database, body: unknown): Promise<CheckedImport> {
  if (!Buffer.isBuffer(body)) return parseImportFile(body, await knownCatalogKeys(db));
  const upload = await readUpload(body);
  if (upload.kind === 'unreadable') return { file: EMPTY, issues: [upload.issue] };
  if (upload.kind === 'json') return parseImportFile(upload.value, await knownCatalogKeys(db));
  const sheet = await sheetToImport(db, upload.rows);
  if (sheet.issues.length && !sheet.input.products.length) return { file: EMPTY, issues: sheet.issues };
  const parsed = parseImportFile(sheet.input, sheet.known);
  // A cell the table reader already refused (an unknown category) is not refused twice.
  const said = new Set(sheet.issues.map((i) => `${i.row}|${i.field}`));
  const more = parsed.issues.map(sheet.locate).filter((i) => !said.has(`${i.row}|${i.field}`));
  return { file: parsed.file, issues: [...sheet.issues, ...more] };
}

/** Thrown inside the import transaction to roll a dry run back. */
class RollBack extends Error {}

/** What the import of the file's good rows would do; nothing is written. */
export async function dryRunImport(
  db: Database,
  { file, issues }: CheckedImport,
  dryRun: boolean,
): Promise<AdminImportResult> {
  const preview = await previewImport(db, file);
  let counts = { created: 0, updated: 0 };
  try {
    await db.transaction(async (tx) => {
      const summary = await importCatalog(tx, file);
      counts = { created: summary.created, updated: summary.updated };
      throw new RollBack();
    });
  } catch (err) {
    if (!(err instanceof RollBack)) throw err;
  }
  return { dry_run: dryRun, ...counts, errors: issues, changes: preview.changes, changes_more: preview.more };
}
