// `npm test`: every Vitest project, then the browser tests, then one line summing them all:
// "N passed, N failed". Exits non-zero when anything failed or nothing ran.
// A share of it (CI gives each Node version its own share: docs/decisions/058):
//   --project NAME   only these Vitest projects (repeatable, as Vitest's own option);
//   --no-browser     no browser tests;   --no-vitest   no Vitest;
//   --shard I/N      Vitest's files split in N parts, this run's the I-th (Vitest's own option).
// TEST_RESULTS_DIR moves everything a run writes (test-results).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const out = process.env.TEST_RESULTS_DIR ?? 'test-results';
const args = process.argv.slice(2);
const withBrowser = !args.includes('--no-browser');
const withVitest = !args.includes('--no-vitest');
const projects = args.flatMap((arg, i) => (args[i - 1] === '--project' ? ['--project', arg] : []));
const shard = args.flatMap((arg, i) => (args[i - 1] === '--shard' ? [`--shard=${arg}`] : []));
for (const [i, arg] of args.entries()) {
  const known = ['--no-browser', '--no-vitest', '--project', '--shard'];
  if (!known.includes(arg) && args[i - 1] !== '--project' && args[i - 1] !== '--shard') {
    console.error(`scripts/test.mjs: unknown argument ${arg}`);
    process.exit(2);
  }
}
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

const firstLine = (text) =>
  (text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const runVitest = () =>
  withVitest
    ? run('npx', [
        'vitest',
        'run',
        ...projects,
        ...shard,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${vitestJson}`,
      ])
    : 0;
const runPlaywright = () =>
  withBrowser
    ? run('npx', ['playwright', 'test', '--reporter=list,json'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
      })
    : 0;

const vitestStatus = runVitest();
const playwrightStatus = runPlaywright();

let passed = 0;
let failed = 0;
let skipped = 0;
// What failed, by name, for the summary: CI prints it last, where its log's tail is read.
const failures = [];

const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  for (const file of vitest.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`vitest ${name} › ${test.fullName}`);
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push(`vitest ${name}: ${firstLine(file.message) || 'the file failed outside its tests'}`);
    }
  }
  if (vitestStatus !== 0 && failures.length === 0) {
    failures.push(
      `vitest exited ${vitestStatus} with no failed test (an error outside the tests: see the log)`,
    );
  }
} else if (withVitest) {
  failed += 1;
  console.error('Vitest wrote no report');
}

const playwright = readJson(playwrightJson);
if (playwright) {
  passed += playwright.stats.expected;
  failed += playwright.stats.unexpected + playwright.stats.flaky;
  skipped += playwright.stats.skipped;
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((result) => result.error)?.error?.message;
        const where = [...titles, spec.title].filter(Boolean).join(' › ');
        const project = test.projectName ? `${test.projectName} ` : '';
        failures.push(`playwright ${project}${where} (${test.status}): ${firstLine(error)}`);
      }
    }
  };
  for (const suite of playwright.suites ?? []) walk(suite, [suite.title]);
  for (const error of playwright.errors ?? []) failures.push(`playwright: ${firstLine(error.message)}`);
} else if (withBrowser) {
  failed += 1;
  console.error('Playwright wrote no report');
}

for (const failure of failures) console.log(`FAILED ${failure}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
writeFileSync(
  `${out}/summary.json`,
  JSON.stringify({ node: process.version, passed, failed, skipped, failures }),
);
process.exit(vitestStatus !== 0 || playwrightStatus !== 0 || failed > 0 || passed === 0 ? 1 : 0);
