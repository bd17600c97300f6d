// A transaction left open after its first statement (tests of what other connections see while a
// writer has not committed): resolves once the statement ran; `release()` lets it commit, and
// `done` settles when it has.
import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

export async function holdTransaction(
  db: Database,
  statement: SQL,
): Promise<{ release: () => void; done: Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let ran!: () => void;
  const started = new Promise<void>((resolve) => (ran = resolve));
  const done = db.transaction(async (tx) => {
    await tx.execute(statement);
    ran();
    await gate;
  });
  // A statement that fails rejects `done` before `started` would settle.
  await Promise.race([started, done]);
  return { release, done };
}
