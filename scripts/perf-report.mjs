// CI performance report (issue 13 target 6): a report, never a gate. Starts the built app as
// `npm start` does (fresh PGlite data directory, demo catalogue) on PERF_PORT, then prints the
// machine's load, the first screen's JavaScript (perf:first-screen-js) and the catalogue read
// throughput against /healthz (bench:throughput, 2 s per query). Always exits 0.
// Usage: node scripts/perf-report.mjs   (after `npm run build`; .ci/run calls it after the tests)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';

const port = process.env.PERF_PORT ?? '8190';
const base = `http://127.0.0.1:${port}`;
const dataDir = 'test-results/perf-data';
rmSync(dataDir, { recursive: true, force: true });
// WEB_DIST: a build already made (.ci/run passes the one both suites served); else apps/web/dist.
const webDist = process.env.WEB_DIST ?? 'apps/web/dist';
if (!existsSync(`${webDist}/index.html`)) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });

console.log(
  `\n== Performance report (not a gate); load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`,
);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  // Limits off, as for every benchmark: 10 connections of one address would otherwise meet the
  // search limit within a second and measure 429 answers (CI printed 4 078 of them).
  env: { ...process.env, PORT: port, DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMITS: 'off' },
  stdio: 'inherit',
});
try {
  let ready = false;
  for (let i = 0; i < 120 && !ready; i += 1) {
    ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!ready) throw new Error('the server did not become ready');
  const env = { ...process.env, BASE: base };
  spawnSync(process.execPath, ['scripts/first-screen-js.mjs', '/'], { stdio: 'inherit', env });
  spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/bench/throughput.ts',
      '--base',
      base,
      '--duration',
      '2',
      // One pair (bare Fastify, the shop) before the reads and one after: the report's time stays short.
      '--pairs',
      '1',
      '--pair-duration',
      '2',
    ],
    { stdio: 'inherit', env },
  );
} catch (error) {
  console.log(`performance report incomplete: ${error instanceof Error ? error.message : error}`);
} finally {
  server.kill('SIGTERM');
}
process.exit(0);
