// One process at a time on an embedded database directory (docs/operations.md): a second open is
// refused while the holder lives; a lock left by a dead process, or by a previous life of this
// pid (a container restarted as pid 1), is taken over.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockEmbeddedDir } from './client.ts';

const dir = () => path.join(mkdtempSync(path.join(tmpdir(), 'shop-lock-')), 'db');

describe('embedded database lock', () => {
  it('refuses a second holder until the first lets go', () => {
    const db = dir();
    const release = lockEmbeddedDir(db);
    expect(() => lockEmbeddedDir(db)).toThrow(DatabaseInUseError);
    release();
    lockEmbeddedDir(db)();
  });

  it('refuses while another live process holds it, and says how to clear a stale one', () => {
    const db = dir();
    writeFileSync(`${db}.lock`, String(process.ppid));
    expect(() => lockEmbeddedDir(db)).toThrow(`in use by process ${process.ppid}`);
    expect(() => lockEmbeddedDir(db)).toThrow(`delete ${db}.lock`);
  });

  it('takes over the lock of a dead process, and one with its own pid it did not take', () => {
    const db = dir();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(`${db}.lock`, String(dead));
    lockEmbeddedDir(db)();
    writeFileSync(`${db}.lock`, String(process.pid));
    const release = lockEmbeddedDir(db);
    expect(() => lockEmbeddedDir(db)).toThrow(DatabaseInUseError);
    release();
  });
});
