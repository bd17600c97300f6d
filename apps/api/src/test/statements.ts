// The statements a piece of code sends to a database (tests that count round trips, decisions
// 060, 076, 079, 081, 087): `db.execute` watched while `run` runs, and the prepared statements
// `readPrepared` sends through the session on PostgreSQL, each statement as its JSON text.
import { vi } from 'vitest';
import type { Database } from '../db/client.ts';

type Session = { prepareQuery: (query: unknown, fields: unknown, name: unknown, ...rest: unknown[]) => unknown };

export async function statementsOf<T>(
  db: Database,
  run: () => Promise<T>,
): Promise<{ result: T; texts: string[] }> {
  const texts: string[] = [];
  const execute = db.execute.bind(db);
  const executeSpy = vi.spyOn(db, 'execute').mockImplementation((query) => {
    texts.push(JSON.stringify(query));
    return execute(query);
  });
  const session = (db as unknown as { session: Session }).session;
  const prepare = session.prepareQuery.bind(session);
  const prepareSpy = vi.spyOn(session, 'prepareQuery').mockImplementation((query, fields, name, ...rest) => {
    // `db.execute` prepares without a name (counted above); `readPrepared` with one.
    if (name !== undefined) texts.push(JSON.stringify(query));
    return prepare(query, fields, name, ...rest);
  });
  try {
    const result = await run();
    return { result, texts };
  } finally {
    executeSpy.mockRestore();
    prepareSpy.mockRestore();
  }
}
