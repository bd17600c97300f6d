// One Vitest run for every workspace. The API suite runs on embedded PGlite, and once more on the
// PostgreSQL server when TEST_DATABASE_URL is set.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts'];
// Files whose outcome does not depend on the database run in the PGlite project only, not again
// on PostgreSQL (docs/decisions/058): the ones that open none, and the search-by-photo screenshot
// set, whose database only holds the catalogue the matcher reads (the photo index's reads and
// writes are proved on both by find-photo.test.ts) and which cost 20–36 s a run.
const onceOnly = [
  'apps/api/src/lib/job-runner.test.ts',
  'apps/api/src/lib/safe-fetch.test.ts',
  'apps/api/src/db/embedded-lock.test.ts',
  'apps/api/src/modules/auth/init-data.test.ts',
  'apps/api/src/modules/catalog/token-index.test.ts',
  'apps/api/src/modules/find-photo/request-pauses.test.ts',
  'apps/api/src/modules/find-photo/find-photo.screenshots.test.ts',
];
// The API's test files share one module graph per worker instead of importing the whole app again
// for each file (import time 282 s → 18 s, CPU 313 → 146 s for the PGlite project; decision 037).
// They can: no file mocks modules, stubs the environment or fakes timers, and each builds its own
// app and database (test/app.ts).
const apiIsolation = { isolate: false } as const;

// The web app's test files share one module graph per worker too (`web`: 138 → 20 CPU-s for the
// 58 files, decision 072), except those that replace modules or globals, or that need a module's
// state fresh (`web-isolated`): a file is isolated when it calls vi.mock, vi.doMock, vi.stubGlobal,
// vi.stubEnv or vi.resetModules, or says `@isolated` in a comment with its reason.
const WEB_ROOT = path.join(import.meta.dirname, 'apps/web');
const NEEDS_ISOLATION = /vi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(|@isolated\b/;
const webFiles = readdirSync(path.join(WEB_ROOT, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => path.join('src', f));
const webIsolated = webFiles.filter((f) =>
  NEEDS_ISOLATION.test(readFileSync(path.join(WEB_ROOT, f), 'utf8')),
);
const webShared = webFiles.filter((f) => !webIsolated.includes(f));

function webProject(
  name: string,
  test: { include: string[]; isolate?: boolean },
): TestProjectInlineConfiguration {
  return {
    extends: './apps/web/vite.config.ts',
    test: {
      name,
      root: './apps/web',
      ...test,
      environment: 'happy-dom',
      setupFiles: ['./src/test/setup.ts'],
      // Bounds on a hang, not on speed: a console list test that takes 2 s alone took 5.8 s on CI
      // with both Node versions' suites sharing two cores, past Vitest's 5 s default.
      testTimeout: 30_000,
      // The tests run on the renderer the product ships, React DOM (docs/decisions/044).
    },
  };
}
const pgUrl = process.env.TEST_DATABASE_URL;

const projects: TestProjectInlineConfiguration[] = [
  { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
  // The lint rules proved on fixtures (ESLint's Node API) and the web build's first-screen chunks
  // proved on a real build: slow to start, so their own project.
  { test: { name: 'tooling', include: ['tooling/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
  {
    test: {
      name: 'api',
      include: apiTests,
      environment: 'node',
      env: { TEST_DATABASE_URL: '' },
      ...apiIsolation,
      globalSetup: ['apps/api/src/test/global-setup.ts'],
      // A bound on a hang, as on PostgreSQL below: a test that builds a second app took 32 s on CI
      // with both Node versions' suites on two cores (1.7 s alone).
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  },
  webProject('web', { include: webShared, isolate: false }),
  webProject('web-isolated', { include: webIsolated }),
];
if (pgUrl) {
  projects.push({
    test: {
      name: 'api-postgres',
      include: apiTests,
      exclude: [...configDefaults.exclude, ...onceOnly],
      environment: 'node',
      env: { TEST_DATABASE_URL: pgUrl },
      ...apiIsolation,
      globalSetup: ['apps/api/src/test/global-setup.ts'],
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  });
}

// Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine,
// where most of a file's time is waiting on PGlite's WASM or the PostgreSQL server. Two at least.
const maxWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({ test: { projects, passWithNoTests: false, maxWorkers } });
