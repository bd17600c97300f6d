// Benchmark (docs/benchmarks.md): Lighthouse mobile performance (its default: Moto G Power
// emulation, simulated slow 4G and 4× CPU slowdown) on home, the catalogue, catalog/{id} and a
// product, driving Debian's Chromium through CHROME_PATH; with RUNS > 1 it prints each page's
// median run (by score) and the machine's load average. Lighthouse runs through npx at a pinned
// version, so it is not a dependency of the project: 13.5.0 where Node is 22.19 or newer (what it
// requires), else 12.8.2 (Node 18.16+); LIGHTHOUSE_VERSION overrides.
// CPU_SLOWDOWN replaces the 4× CPU slowdown, to see the scores of a slower machine on a fast one:
// the page gets about (benchmark index × 4 / CPU_SLOWDOWN) of a machine's speed, so 8 on a machine
// of index 4 000 is roughly the default 4 on one of 2 000 (the CPU column prints the index).
// Usage: npm run perf:lighthouse   (server running: npm start; BASE, CATEGORY, PRODUCT, RUNS, PAGES,
// CPU_SLOWDOWN)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const category = process.env.CATEGORY ?? '1';
const runs = Number(process.env.RUNS ?? 1);
const outDir = 'test-results/lighthouse';
mkdirSync(outDir, { recursive: true });

const product =
  process.env.PRODUCT ??
  (await (await fetch(`${base}/api/v2/product?category_ids=${category}&limit=1`)).json()).result.products[0]
    .id;
const pages = {
  home: '/',
  catalogue: '/catalog',
  catalog: `/catalog/${category}`,
  product: `/catalog/${category}?id=${product}`,
};

const [major, minor] = process.versions.node.split('.').map(Number);
const lighthouse =
  process.env.LIGHTHOUSE_VERSION ?? (major > 22 || (major === 22 && minor >= 19) ? '13.5.0' : '12.8.2');
const cpuSlowdown = process.env.CPU_SLOWDOWN;
if (cpuSlowdown !== undefined && !(Number(cpuSlowdown) > 0)) {
  throw new Error(`CPU_SLOWDOWN must be a positive number, not "${cpuSlowdown}"`);
}
console.log(
  `lighthouse@${lighthouse}, Node ${process.versions.node}, CPU slowdown ${cpuSlowdown ?? '4 (default)'}`,
);

// PAGES=catalog,product runs only those.
const only = process.env.PAGES?.split(',');
for (const name of Object.keys(pages)) if (only && !only.includes(name)) delete pages[name];

const rows = [];
for (const [name, path] of Object.entries(pages)) {
  for (let run = 1; run <= runs; run += 1) {
    const out = `${outDir}/${name}-${run}.json`;
    const lighthouseRun = () =>
      execFileSync(
        'npx',
        [
          '--yes',
          `lighthouse@${lighthouse}`,
          base + path,
          '--only-categories=performance',
          '--output=json',
          `--output-path=${out}`,
          '--quiet',
          ...(cpuSlowdown ? [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`] : []),
          '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
        ],
        {
          stdio: 'inherit',
          env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        },
      );
    try {
      lighthouseRun();
    } catch {
      // Lighthouse now and then loses its trace (NO_NAVSTART): that run once more, said aloud.
      console.log(`${name} run ${run}: Lighthouse failed, running it again`);
      lighthouseRun();
    }
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const audit = (id) => report.audits[id]?.displayValue ?? '';
    rows.push({
      page: name,
      run,
      load: loadavg()[0].toFixed(1),
      score: Math.round(report.categories.performance.score * 100),
      FCP: audit('first-contentful-paint'),
      LCP: audit('largest-contentful-paint'),
      TBT: audit('total-blocking-time'),
      CLS: audit('cumulative-layout-shift'),
      SI: audit('speed-index'),
      // Lighthouse's own measure of this machine's CPU: its CPU slowdown is applied on top of the
      // machine's speed, and below 1 000 it warns that the host is slower than it expects and that
      // the score suffers (core/gather/driver/environment.js).
      CPU: Math.round(report.environment?.benchmarkIndex ?? 0),
    });
  }
}
console.table(rows);
if (runs > 1) {
  const medians = Object.keys(pages).map((name) => {
    const sorted = rows.filter((r) => r.page === name).sort((a, b) => a.score - b.score);
    return sorted[Math.floor(sorted.length / 2)];
  });
  console.log('median run of each page (by score):');
  console.table(medians);
}
