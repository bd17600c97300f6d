// The shop servers of a browser run (docs/decisions/034): the web app is built once per run, and
// every Playwright worker starts its own server on its own embedded database, exactly as
// `npm start` runs it (the built app served by `tsx apps/api/src/server.ts`, demo data seeded on
// first start). Workers share nothing, so the specs can run side by side: each worker's demo
// shopper is its own, and the state one spec leaves (cart lines, unpaid orders) only meets the
// specs that run after it in the same worker.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Where a run writes everything: reports, traces, screenshots, the build, the data directories. */
export const resultsDir = path.resolve(process.env.TEST_RESULTS_DIR ?? 'test-results');
/**
 * The build of the web app the servers serve (WEB_DIST): E2E_WEB_DIST when given (a build made once
 * for several runs: .ci/run builds it beside the type check for both Node versions' suites), else
 * one of this run's own.
 */
const prebuilt = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : undefined;
export const webDist = prebuilt ?? path.join(resultsDir, 'web-dist');
/** Worker n listens on E2E_PORT + n. */
const basePort = Number(process.env.E2E_PORT ?? 8181);

const dataDir = (worker: number) => path.join(resultsDir, `e2e-data-${worker}`);

/** Playwright's global setup: one fresh build of the web app, and no data left by an earlier run. */
export function prepareRun(): void {
  for (let worker = 0; worker < 16; worker += 1) rmSync(dataDir(worker), { recursive: true, force: true });
  if (process.env.E2E_SKIP_BUILD === '1') return;
  if (prebuilt) {
    if (!existsSync(path.join(prebuilt, 'index.html')))
      throw new Error(`E2E_WEB_DIST=${prebuilt} holds no build (no index.html)`);
    console.log(`The web app's build from ${prebuilt} (E2E_WEB_DIST)`);
    return;
  }
  const started = Date.now();
  const build = spawnSync(
    'npm',
    ['run', 'build', '-w', '@shop/web', '--', '--outDir', webDist, '--emptyOutDir'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (build.status !== 0) throw new Error(`the web app's build failed (exit ${build.status})`);
  console.log(`Built the web app into ${webDist} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

export type ShopServer = { url: string; stop: () => Promise<void> };

/**
 * Starts worker `worker`'s server and resolves once `/readyz` answers 200. Its output goes to
 * `e2e-server-<n>.log` in the results folder; the error names that file when it does not start.
 * `extraEnv` adds settings (a spec's own bot, e2e/support.ts).
 */
export async function startServer(
  worker: number,
  timeoutMs: number,
  extraEnv: Record<string, string> = {},
): Promise<ShopServer> {
  const port = basePort + worker;
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(resultsDir, `e2e-server-${worker}.log`);
  mkdirSync(resultsDir, { recursive: true });
  const log = createWriteStream(logFile, { flags: 'a' });
  await new Promise((resolve) => log.once('open', resolve));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir(worker),
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      // One demo shopper drives each worker's specs: the abuse limits stay on, sized for that.
      RATE_LIMIT_WRITES_PER_MIN: '3000',
      RATE_LIMIT_SEARCH_PER_MIN: '3000',
      // Specs place orders as that shopper and leave some unpaid (the payment window is 30
      // minutes); the cap itself is proved by the API suite (security/defects.test.ts).
      RATE_LIMIT_UNPAID_ORDERS: '100',
      ...extraEnv,
    },
    stdio: ['ignore', log, log],
  });
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );
  const stop = async () => {
    if (exited === undefined) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killed);
    }
    log.end();
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== undefined) {
      await stop();
      throw new Error(`the shop server of worker ${worker} exited with ${exited}; see ${logFile}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the shop server of worker ${worker} was not ready in ${timeoutMs / 1000} s; see ${logFile}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
