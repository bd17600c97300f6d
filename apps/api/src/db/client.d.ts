import { type SQL } from 'drizzle-orm';
import { type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Env } from '../env.ts';
import * as schema from './schema/index.ts';
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseHandle = {
    db: Database;
    kind: 'pglite' | 'postgres';
    /** Most connections this handle opens (1 for PGlite). */
    poolMax: number;
    /** `application_name` of this handle's PostgreSQL connections (pool usage in /metrics). */
    applicationName?: string;
    /** Applies pending migrations (idempotent). */
    migrate(): Promise<void>;
    close(): Promise<void>;
};
export type OpenDatabaseOptions = {
    url: string;
    maxConnections?: number;
} | {
    /** Directory for the data files; omitted: in memory. */
    dir?: string;
    /** A data directory dumped by PGlite's `dumpDataDir` to start from (tests: a migrated template). */
    loadDataDir?: Blob;
};
export declare function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle>;
export declare class DatabaseInUseError extends Error {
}
/**
 * Takes `<dir>.lock` (the holder's pid) for this process; a lock left by a dead process is taken
 * over. Returns the release function.
 */
export declare function lockEmbeddedDir(dir: string): () => void;
/** The database the environment names: DATABASE_URL, or embedded PGlite in DATA_DIR/db. */
export declare function openDatabaseFromEnv(env: Pick<Env, 'databaseUrl' | 'dataDir'>): Promise<DatabaseHandle>;
/** Runs raw SQL and returns its rows, whichever driver is underneath. */
export declare function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]>;
