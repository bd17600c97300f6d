// The statements a piece of code sends to a database (tests that count round trips, decisions
// 060, 076, 079, 081): `db.execute` watched while `run` runs, each statement as its JSON text.
import { vi } from 'vitest';
import type { Database } from '../db/client.ts';

export async function statementsOf<T>(
  db: Database,
  run: () => Promise<T>,
): Promise<{ result: T; texts: string[] }> {
  const spy = vi.spyOn(db, 'execute');
  try {
    const result = await run();
    return { result, texts: spy.mock.calls.map(([query]) => JSON.stringify(query)) };
  } finally {
    spy.mockRestore();
  }
}
