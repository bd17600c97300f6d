// Benchmark (docs/benchmarks.md, «Product page: the takeover in transitions», decision 067): what
// runs in the main thread's long tasks of one cold load, and a blocking time that a loaded machine
// moves little. Chromium at 390×844 records a trace (with a CPU profile) of the load; the script
// prints every task longer than MIN_MS of wall time with what ran in it (the trace's own events,
// and the profile's functions by self time), then "CPU blocking time": each task's thread time
// (CPU, not wall: a descheduled thread does not count) × SCALE, less 50 ms, summed after FCP —
// Lighthouse's simulation multiplies each task of an unthrottled load by its 4× CPU slowdown the
// same way, but from wall time, which on a shared machine is mostly other processes' time.
// RATE sets Chromium's own CPU throttling (1 by default, as Lighthouse's observed load; 4 to see
// the tasks as a slow phone runs them); NET=1 adds the 150 ms / 1.6 Mbps profile of lcp-ab.mjs.
// An unminified build (`npm run build -w @shop/web -- --minify false`) names React's functions.
// Usage: npm run perf:long-tasks -- <url> [<url>…]   (RATE=1, NET=0, MIN_MS=12, SCALE=4/RATE, TOP=8,
// WAIT_MS=6000, RUNS=1; with several URLs the runs alternate between them)
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { phonePage } from './phone-page.mjs';

const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error('usage: npm run perf:long-tasks -- <url> [<url>…]');
  process.exit(2);
}
const rate = Number(process.env.RATE ?? 1);
const minMs = Number(process.env.MIN_MS ?? 12);
// Each task × 4 / RATE: the 4× of Lighthouse's slowdown, less what Chromium's throttling already adds.
const scale = Number(process.env.SCALE ?? 4 / rate);
const top = Number(process.env.TOP ?? 8);
const waitMs = Number(process.env.WAIT_MS ?? 6000);
const runs = Number(process.env.RUNS ?? 1);
const verbose = urls.length === 1 && runs === 1;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
});

/** One cold load's trace events. */
async function trace(url) {
  const { context, page, cdp } = await phonePage(browser, {
    network: process.env.NET === '1' ? { rtt: 150, downKbps: 1600, upKbps: 750 } : null,
    cpu: rate,
  });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,loading,v8.execute,disabled-by-default-v8.cpu_profiler',
    transferMode: 'ReportEvents',
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForTimeout(waitMs);
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  return events;
}

/** The page's main thread: the CrRendererMain thread of the process that painted the first content. */
function mainThread(events) {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return null;
  const thread = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcp.pid,
  );
  if (!thread) return null;
  return { pid: fcp.pid, fcp, main: events.filter((e) => e.pid === thread.pid && e.tid === thread.tid) };
}

/** The CPU profile's samples: {ts, node}. */
function profileSamples(events, pid) {
  const nodes = new Map();
  const samples = [];
  let ts = 0;
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile') ts = e.args.data.startTime;
    if (e.name !== 'ProfileChunk') continue;
    const profile = e.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    const deltas = e.args.data.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      ts += deltas[i];
      samples.push({ ts, id });
    });
  }
  return samples.map((s) => ({ ts: s.ts, frame: nodes.get(s.id)?.callFrame }));
}

const NAMED = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'ParseHTML',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'EventDispatch',
  'RunMicrotasks',
  'Commit',
]);

function describe(task, main, samples) {
  const inside = (ts) => ts >= task.ts && ts <= task.ts + task.dur;
  const parts = main
    .filter((e) => e !== task && e.ph === 'X' && e.dur > 2000 && inside(e.ts) && NAMED.has(e.name))
    .slice(0, 8)
    .map((e) => {
      const file = e.args?.data?.url ? `(${e.args.data.url.split('/').pop()})` : '';
      return `${e.name}${file} ${(e.dur / 1000).toFixed(0)}`;
    });
  const self = new Map();
  for (const s of samples) {
    if (!s.frame || !inside(s.ts)) continue;
    const key = `${s.frame.functionName || '(anonymous)'} ${(s.frame.url ?? '').split('/').pop()}:${s.frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  const functions = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, n]) => `${key}=${n}`);
  return `${parts.join(' | ')}\n    samples: ${functions.join(', ')}`;
}

function analyse(events) {
  const thread = mainThread(events);
  // A load whose trace lost its first paint is left out, said aloud.
  if (!thread) return null;
  const { pid, fcp, main } = thread;
  const navigation = events
    .filter((e) => e.pid === pid && e.name === 'navigationStart' && e.ts <= fcp.ts)
    .at(-1);
  const origin = navigation?.ts ?? main[0].ts;
  const at = (ts) => `${((ts - origin) / 1000).toFixed(0)} ms`;
  const samples = verbose ? profileSamples(events, pid) : [];
  let blocking = 0;
  let cpu = 0;
  const blockers = [];
  for (const task of main) {
    if (task.name !== 'RunTask' || task.ph !== 'X') continue;
    const ms = (task.tdur ?? task.dur) / 1000;
    cpu += ms;
    if (task.ts > fcp.ts && ms * scale > 50) {
      blocking += ms * scale - 50;
      blockers.push(`${at(task.ts)}: ${(ms * scale).toFixed(0)}`);
    }
    if (verbose && task.dur / 1000 > minMs) {
      console.log(
        `task at ${at(task.ts)}: ${(task.dur / 1000).toFixed(0)} ms wall, ${ms.toFixed(0)} ms CPU; ${describe(task, main, samples)}`,
      );
    }
  }
  return { fcp: at(fcp.ts), blocking, cpu, blockers };
}

const rows = [];
for (let run = 1; run <= runs; run += 1) {
  for (const url of urls) {
    const result = analyse(await trace(url));
    if (!result) {
      console.log(`${url} run ${run}: no first paint in the trace, left out`);
      continue;
    }
    rows.push({
      url,
      run,
      load: loadavg()[0].toFixed(1),
      FCP: result.fcp,
      'CPU blocking (ms)': Math.round(result.blocking),
      'main-thread CPU (ms)': Math.round(result.cpu),
      'tasks ×SCALE > 50 ms (start: ms)': result.blockers.join(', '),
    });
  }
}
await browser.close();
console.table(rows);
if (runs > 1) {
  for (const url of urls) {
    const values = rows
      .filter((r) => r.url === url)
      .map((r) => r['CPU blocking (ms)'])
      .sort((a, b) => a - b);
    console.log(
      `${url}: median CPU blocking ${values[Math.floor(values.length / 2)]} ms (${values.join(', ')})`,
    );
  }
}
