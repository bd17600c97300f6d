// `npm run catalog:import -- <file.json>`: validates the whole file (one error per bad row, with
// its path), then imports it in one transaction, or nothing at all. See docs/catalog-import.md.
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabaseFromEnv } from '../db/client.ts';
import { EnvError, loadEnv } from '../env.ts';
import { importCatalog } from '../modules/catalog/catalog-import.repository.ts';
import { parseImportFile } from '../modules/catalog/import-format.ts';

const MAX_ERRORS_SHOWN = 50;

async function main(): Promise<number> {
  const fileArg = process.argv[2];
  if (!fileArg) {
    console.error('Использование: npm run catalog:import -- <файл.json>');
    return 2;
  }
  // npm runs workspace scripts in apps/api, so a path relative to the repository root is tried too.
  const repoRoot = path.resolve(import.meta.dirname, '../../../..');
  const candidates = [path.resolve(fileArg), path.resolve(repoRoot, fileArg)];
  const file =
    (
      await Promise.all(
        candidates.map((c) =>
          access(c).then(
            () => c,
            () => undefined,
          ),
        ),
      )
    ).find(Boolean) ?? candidates[0]!;
  let input: unknown;
  try {
    input = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    console.error(`Не удалось прочитать ${file}: ${(err as Error).message}`);
    return 1;
  }
  const { file: parsed, issues } = parseImportFile(input);
  if (issues.length) {
    for (const issue of issues.slice(0, MAX_ERRORS_SHOWN)) console.error(`${issue.path}: ${issue.message}`);
    if (issues.length > MAX_ERRORS_SHOWN) console.error(`… и ещё ${issues.length - MAX_ERRORS_SHOWN}`);
    console.error(`Ошибок: ${issues.length}. Ничего не импортировано.`);
    return 1;
  }
  const env = await loadEnv();
  const database = await openDatabaseFromEnv(env);
  try {
    await database.migrate();
    const summary = await importCatalog(database.db, parsed);
    console.log(
      `Импорт завершён: новых товаров ${summary.created}, обновлено ${summary.updated}, без изменений ${summary.unchanged}; ` +
        `брендов записано ${summary.brands}, категорий ${summary.categories}.`,
    );
    return 0;
  } catch (err) {
    console.error(`Импорт отменён, база не изменилась: ${(err as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof EnvError ? err.message : err);
    process.exit(1);
  },
);
