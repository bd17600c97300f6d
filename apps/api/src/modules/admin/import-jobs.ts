// Applying a catalogue import from the console as a background job (docs/product.md §12.2): the request
// stores the file as an `import_jobs` row and answers its id at once; a runner in every instance
// claims queued rows `FOR UPDATE SKIP LOCKED` (so two instances never run one job at once) under a
// lease renewed after each chunk, writes the products chunk by chunk (each chunk its own
// transaction, so progress is visible), and records done or failed. A job whose instance died
// is claimed again when its lease lapses; rewriting is safe because the importer skips
// unchanged rows.
import type { AdminImportJob } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../../db/client.ts';
import { JobRuns, startJob } from '../../lib/job-runner.ts';
import { importJobs } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { importCatalog, knownCatalogKeys, parseImportFile, type ImportFile } from '../catalog/index.ts';
import { writeAudit } from '../staff/index.ts';

/** Products per transaction: small enough to show progress, large enough to stay quick. */
const CHUNK = 200;
const LEASE_S = 120;

const toJob = (row: typeof importJobs.$inferSelect): AdminImportJob => ({
  id: row.id,
  status: row.status,
  total: row.total,
  done: row.done,
  created: row.created,
  updated: row.updated,
  errors: row.errors.map((e) => ({ path: e.path, message: e.message, row: e.row ?? null, field: e.field ?? null })),
  created_at: row.createdAt.toISOString(),
  started_at: row.startedAt?.toISOString() ?? null,
  finished_at: row.finishedAt?.toISOString() ?? null,
});

/** Queues a checked file (no row errors) and records who asked, in one transaction. */
export async function enqueueImport(
  db: Database,
  file: ImportFile,
  actorTelegramId: number,
): Promise<AdminImportJob> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(importJobs)
      .values({ file, total: file.products.length, actorTelegramId })
      .returning();
    await writeAudit(tx, {
      actorTelegramId,
      action: 'catalog.import',
      entity: 'catalog',
      entityId: null,
      before: null,
      after: { job_id: row!.id, products: file.products.length },
    });
    return toJob(row!);
  });
}

export async function getImportJob(db: Database, id: number): Promise<AdminImportJob> {
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  if (!row) throw notFound('Импорт не найден');
  return toJob(row);
}

/** Takes the oldest queued job (or one whose runner's lease lapsed); undefined when none is free. */
export async function claimImportJob(db: Database): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`UPDATE import_jobs
        SET status = 'running', started_at = coalesce(started_at, now()),
            lease_until = now() + make_interval(secs => ${LEASE_S})
        WHERE id = (
          SELECT id FROM import_jobs
          WHERE status = 'queued' OR (status = 'running' AND lease_until < now())
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  return row?.id;
}

/** Runs a claimed job to its end: chunk by chunk, then done; any failure marks it failed. */
export async function runImportJob(db: Database, id: number, log: FastifyBaseLogger): Promise<void> {
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  if (!job) return;
  try {
    // Checked when queued; read again with the shop's brands and categories a file may name.
    const { file } = parseImportFile(job.file, await knownCatalogKeys(db));
    let created = 0;
    let updated = 0;
    for (let start = 0; start === 0 || start < file.products.length; start += CHUNK) {
      // Brands and categories go with the first chunk: later chunks find them by key.
      const summary = await importCatalog(db, {
        brands: start === 0 ? file.brands : [],
        categories: start === 0 ? file.categories : [],
        products: file.products.slice(start, start + CHUNK),
      });
      created += summary.created;
      updated += summary.updated;
      await db
        .update(importJobs)
        .set({
          done: Math.min(start + CHUNK, file.products.length),
          created,
          updated,
          leaseUntil: sql`now() + make_interval(secs => ${LEASE_S})`,
        })
        .where(eq(importJobs.id, id));
    }
    await db
      .update(importJobs)
      .set({ status: 'done', leaseUntil: null, finishedAt: sql`now()` })
      .where(eq(importJobs.id, id));
  } catch (err) {
    log.error({ err, importJob: id }, 'catalogue import job failed');
    await db
      .update(importJobs)
      .set({
        status: 'failed',
        leaseUntil: null,
        finishedAt: sql`now()`,
        errors: [
          { path: '(файл)', row: null, field: null, message: 'Импорт прервался; повторите загрузку файла' },
        ],
      })
      .where(eq(importJobs.id, id));
  }
}

export type ImportRunner = { poke(): void; stop(): Promise<void> };

/**
 * Runs queued jobs one after another in this instance, as the `catalog_import` job of the shared
 * runner (lib/job-runner.ts): when poked (a job was just queued) and every `pollMs` (jobs queued
 * elsewhere, leases that lapsed). `onApplied` runs after each job.
 */
export function startImportRunner(
  db: Database,
  log: FastifyBaseLogger,
  onApplied: () => void,
  pollMs = 5_000,
  runs = new JobRuns(),
): ImportRunner {
  let stopped = false;
  const job = startJob(
    {
      name: 'catalog_import',
      everyMs: pollMs,
      log,
      run: async () => {
        for (let id = await claimImportJob(db); id !== undefined && !stopped; id = await claimImportJob(db)) {
          await runImportJob(db, id, log);
          onApplied();
        }
      },
    },
    runs,
  );
  return {
    poke: () => job.poke(),
    async stop() {
      stopped = true;
      await job.stop();
    },
  };
}
