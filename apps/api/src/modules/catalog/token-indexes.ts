// Which token index (token-index.ts) serves which database: its own module, so that the search
// plan (search-plan.ts), which listing.sql.ts and so token-index.ts import, can find the index
// without an import cycle.
import type { Database } from '../../db/client.ts';
import type { TokenIndex } from './token-index.ts';

export const indexes = new WeakMap<Database, TokenIndex>();

/** This instance's token index of `db`, once attached (app.ts). */
export const tokenIndexOf = (db: Database): TokenIndex | undefined => indexes.get(db);
