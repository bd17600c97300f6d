// Benchmark (docs/benchmarks.md, decision 088): the CPU each `/healthz` request costs two shops —
// a base checkout and this one — in turns A B B A, each beside a bare Fastify 5 measured just before
// it (its req/s and the shop's share of it). CPU from /proc/<pid>/stat (every thread), less what the
// process burns idle in the 2 s before the row (background jobs, the photo index's worker), divided
// by the requests answered: on a shared machine that moves far less than req/s does.
// Usage (from apps/api): npx tsx bench/floor-cpu.ts --base-dir ../../../base/apps/api [--port 8910]
//        [--seconds 8] [--wait 120] [--order ABBA]
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoShopEnv, removeDataDir } from './demo-shop.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const here = fileURLToPath(new URL('..', import.meta.url));
const baseDir = path.resolve(arg('base-dir', here));
const port = Number(arg('port', '8910'));
const seconds = Number(arg('seconds', '8'));
// Past the first minute: the photo index has described the demo pictures by then.
const waitS = Number(arg('wait', '120'));
const order = arg('order', 'ABBA').split('') as ('A' | 'B')[];

const children: ChildProcess[] = [];
const dataDirs: string[] = [];
process.on('exit', () => {
  for (const child of children) child.kill();
  for (const dir of dataDirs) removeDataDir(dir);
});
process.on('SIGINT', () => process.exit(130));

function start(cwd: string, script: string, env: NodeJS.ProcessEnv): number {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child.pid!;
}
function startShop(cwd: string, shopPort: number): number {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'floor-cpu-'));
  dataDirs.push(dataDir);
  return start(cwd, 'src/server.ts', demoShopEnv(shopPort, dataDir));
}

const servers = {
  bare: {
    pid: start(here, 'bench/bare-fastify.ts', { ...process.env, PORT: String(port + 2) }),
    port: port + 2,
  },
  A: { pid: startShop(baseDir, port), port },
  B: { pid: startShop(here, port + 1), port: port + 1 },
};
const url = (p: number) => `http://127.0.0.1:${p}/healthz`;
/** µs of CPU the process has used (utime + stime, 100 ticks a second). */
const cpuUs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 1e4;
};

for (const s of Object.values(servers))
  while (
    !(await fetch(url(s.port)).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await new Promise((r) => setTimeout(r, 200));
console.error(`all three answer; measuring from ${waitS} s on`);
await new Promise((r) => setTimeout(r, waitS * 1000));

async function row({ pid, port: p }: { pid: number; port: number }) {
  const idleFrom = cpuUs(pid);
  await new Promise((r) => setTimeout(r, 2000));
  const idlePerS = (cpuUs(pid) - idleFrom) / 2;
  const before = cpuUs(pid);
  const t = performance.now();
  const result = await autocannon({ url: url(p), connections: 10, duration: seconds });
  const used = cpuUs(pid) - before - (idlePerS * (performance.now() - t)) / 1000;
  return {
    rps: Math.round(result.requests.average),
    usPerRequest: used / result.requests.total,
    idlePct: idlePerS / 1e4,
    load: loadavg()[0]!.toFixed(2),
  };
}

await row(servers.bare);
await row(servers.A);
await row(servers.B);
console.log(`A ${baseDir}, B ${here}; ${seconds} s rows, 10 connections; Node ${process.version}`);
for (const side of order) {
  const bare = await row(servers.bare);
  const shop = await row(servers[side]);
  console.log(
    `${side}: ${shop.usPerRequest.toFixed(1)} µs/request (idle ${shop.idlePct.toFixed(0)} % of a core), ${shop.rps} req/s; ` +
      `bare ${bare.usPerRequest.toFixed(1)} µs, ${bare.rps} req/s; share ${Math.round((100 * shop.rps) / bare.rps)} %; load ${shop.load}`,
  );
}
process.exit(0);
