// `npm test`: every Vitest project, then the browser tests, then one line summing them all:
// "N passed, N failed". Exits non-zero when anything failed or nothing ran.
// `--browser-first` runs the browser tests first (CI runs two Node versions side by side, one in
// each order: docs/decisions/034). TEST_RESULTS_DIR moves everything a run writes (test-results).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const out = process.env.TEST_RESULTS_DIR ?? 'test-results';
const browserFirst = process.argv.includes('--browser-first');
mkdirSync(out, { recursive: true });
const vitestJson = `${out}/vitest.json`;
const playwrightJson = `${out}/playwright.json`;
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

function run(command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `\n[${command} ${args[0]}] exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const runVitest = () =>
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const runPlaywright = () =>
  run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });

let vitestStatus;
let playwrightStatus;
if (browserFirst) {
  playwrightStatus = runPlaywright();
  vitestStatus = runVitest();
} else {
  vitestStatus = runVitest();
  playwrightStatus = runPlaywright();
}

let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
} else {
  failed += 1;
  console.error('Vitest wrote no report');
}

const playwright = readJson(playwrightJson);
if (playwright) {
  passed += playwright.stats.expected;
  failed += playwright.stats.unexpected + playwright.stats.flaky;
  skipped += playwright.stats.skipped;
} else {
  failed += 1;
  console.error('Playwright wrote no report');
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
writeFileSync(`${out}/summary.json`, JSON.stringify({ node: process.version, passed, failed, skipped }));
process.exit(vitestStatus !== 0 || playwrightStatus !== 0 || failed > 0 || passed === 0 ? 1 : 0);
