// The shop as the floor benchmarks start it (bench/throughput.ts, bench/floor-cpu.ts): on PGlite
// in a fresh data directory with the demo catalogue, its photo index on start as in production,
// rate limits off, quiet logs; and that directory removed when the benchmark ends.
import { rmSync } from 'node:fs';

/** The environment of a demo shop on `port` keeping its data in `dataDir` (never a server's database or Redis). */
export function demoShopEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    DEV_LOGIN: '0',
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return env;
}

/**
 * Removes a demo shop's data directory at the benchmark's exit: the stopping shop may still be
 * writing its picture cache, so retried, and never the exit's error (it is said instead).
 */
export function removeDataDir(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch (error) {
    console.error(`left ${dir}: ${(error as Error).message}`);
  }
}
