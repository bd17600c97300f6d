// Diagnosis (docs/benchmarks.md, «Speed» §7): what the long tasks of a page load are made of, the
// cost Lighthouse counts as Total Blocking Time. Loads BASE + PAGE_PATH in Chromium at 390×844
// with the CPU slowed down as Lighthouse's mobile preset does (4×, CPU_SLOWDOWN), records a trace
// until the network has been idle for IDLE_MS, and prints every main-thread task of 50 ms or more
// (the part above 50 ms is what TBT sums) with the work inside it of 3 ms or more: script
// evaluation, function calls (with their script and function), timers, frames, style and layout.
// A JS CPU profile is sampled too: SELF=1 prints the functions with the most self time inside the
// long tasks. TRACE=path keeps the trace file (open it in Chrome's Performance panel).
// Usage: node scripts/load-trace.mjs   (server running: npm start; BASE, PAGE_PATH, CPU_SLOWDOWN)
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const path = process.env.PAGE_PATH ?? '/catalog/1';
const slowdown = Number(process.env.CPU_SLOWDOWN ?? 4);
const idleMs = Number(process.env.IDLE_MS ?? 3000);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
await browser.startTracing(page, {
  categories: [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'blink.user_timing',
    'v8.execute',
    'disabled-by-default-v8.cpu_profiler',
  ],
});
await page.goto(`${base}${path}`, { waitUntil: 'load' });
await page.waitForLoadState('networkidle');
await page.waitForTimeout(idleMs);
const trace = await browser.stopTracing();
await browser.close();
if (process.env.TRACE) writeFileSync(process.env.TRACE, trace);

const events = JSON.parse(trace.toString()).traceEvents;
const start = events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser');
const fcp = events.find((e) => e.name === 'firstContentfulPaint');
// The page's main thread: the one that painted its first content (about:blank has its own).
const parse = fcp ?? events.findLast((e) => e.name === 'ParseHTML');
const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid);
const t0 = (fcp ?? start).ts;
const at = (ts) => `${((ts - t0) / 1000).toFixed(0).padStart(6)} ms`;
const ms = (us) => `${(us / 1000).toFixed(1)} ms`;
const short = (url = '') => url.replace(/^.*\/assets\//, '').replace(/^https?:\/\/[^/]+/, '');

const tasks = main.filter((e) => e.name === 'RunTask' && e.dur >= 50_000);
let blocking = 0;
for (const task of tasks) {
  const end = task.ts + task.dur;
  if (task.ts >= t0) blocking += task.dur - 50_000;
  console.log(`${at(task.ts)}  task ${ms(task.dur)}${task.ts < t0 ? ' (before FCP)' : ''}`);
  const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) >= 3000);
  for (const e of inside) {
    const data = e.args?.data ?? e.args?.beginData ?? {};
    let text;
    if (e.name === 'FunctionCall') text = `call ${data.functionName || '(anonymous)'} ${short(data.url)}`;
    else if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule')
      text = `${e.name} ${short(data.url ?? e.args?.url)}`;
    else if (['TimerFire', 'FireAnimationFrame', 'FireIdleCallback', 'RunMicrotasks'].includes(e.name)) text = e.name;
    else if (['UpdateLayoutTree', 'Layout', 'ParseHTML', 'EventDispatch', 'Paint', 'XHRLoad'].includes(e.name))
      text = `${e.name}${data.type ? ` ${data.type}` : ''}`;
    else continue;
    console.log(`    ${at(e.ts)}  ${ms(e.dur).padStart(9)}  ${text}`);
  }
}
console.log(`\n${path}: ${tasks.length} tasks ≥ 50 ms; blocking time after FCP ${ms(blocking)} at ${slowdown}× CPU`);

if (process.env.SELF === '1') {
  // Self time per function from the sampled profile, counted only inside the long tasks.
  const nodes = new Map();
  const samples = [];
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== parse.pid) continue;
    const chunk = e.args.data.cpuProfile ?? {};
    for (const n of chunk.nodes ?? []) nodes.set(n.id, n.callFrame);
    let ts = samples.length ? samples.at(-1).ts : (events.find((p) => p.name === 'Profile' && p.pid === parse.pid)?.args.data.startTime ?? 0);
    (chunk.samples ?? []).forEach((id, i) => {
      ts += e.args.data.timeDeltas[i];
      samples.push({ id, ts });
    });
  }
  const self = new Map();
  for (let i = 0; i < samples.length - 1; i++) {
    const { id, ts } = samples[i];
    if (!tasks.some((t) => ts >= t.ts && ts < t.ts + t.dur)) continue;
    const f = nodes.get(id);
    if (!f) continue;
    const key = `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (samples[i + 1].ts - ts));
  }
  console.log('\nself time inside the long tasks:');
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${ms(us).padStart(9)}  ${key}`);
}
console.log(`load average ${loadavg()[0].toFixed(1)}`);
