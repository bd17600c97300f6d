// One Vitest run for every workspace. The API suite runs on embedded PGlite, and once more on the
// PostgreSQL server when TEST_DATABASE_URL is set.
import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts'];
const pgUrl = process.env.TEST_DATABASE_URL;

const projects: TestProjectInlineConfiguration[] = [
  { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
  // The lint rules proved on fixtures (ESLint's Node API; slow to start, so its own project).
  { test: { name: 'tooling', include: ['tooling/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
  {
    test: {
      name: 'api',
      include: apiTests,
      environment: 'node',
      env: { TEST_DATABASE_URL: '' },
      globalSetup: ['apps/api/src/test/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  {
    extends: './apps/web/vite.config.ts',
    test: {
      name: 'web',
      root: './apps/web',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      setupFiles: ['./src/test/setup.ts'],
    },
  },
];
if (pgUrl) {
  projects.push({
    test: {
      name: 'api-postgres',
      include: apiTests,
      environment: 'node',
      env: { TEST_DATABASE_URL: pgUrl },
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
