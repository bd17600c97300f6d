import { eq } from 'drizzle-orm';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { users } from './schema/index.ts';

describe('embedded database', () => {
  it('keeps its data across restarts on the same directory and migrates idempotently', async () => {
    const dir = path.join(await mkdtemp(path.join(tmpdir(), 'shop-db-')), 'db');
    const first = await openDatabase({ dir });
    await first.migrate();
    await first.db.insert(users).values({ telegramId: 42, firstName: 'Сохранённый' });
    await first.close();

    const second = await openDatabase({ dir });
    await second.migrate();
    const rows = await second.db.select().from(users).where(eq(users.telegramId, 42));
    await second.close();
    expect(rows.map((r) => r.firstName)).toEqual(['Сохранённый']);
    // Two on-disk starts (initdb in WASM, then every migration): over 30 s on a busy 2-core machine.
  }, 120_000);
});
