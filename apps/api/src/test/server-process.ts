// The real server as a child process (`node --import tsx apps/api/src/server.ts`, what `npm start`
// runs), for the suites that need a process of its own: one killed with SIGKILL, one whose tracing
// patches `node:http` for the whole process. Resolves once `/readyz` answers 200; fails with the
// server's output when it exits first or is not ready in time.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

/** A port nobody listens on now: CI runs the suites under two Node versions at once. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export type ServerProcess = {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output: string[];
  /** Sends `signal` (SIGTERM by default) and resolves when the process has exited. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/**
 * Starts the server on a free port with `env` on top of PATH, NODE_ENV=test, PORT and HOST, and
 * resolves once it is ready (`/readyz` 200), within `readyWithinMs`.
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  readyWithinMs = 90_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited ${child.exitCode ?? child.signalCode}:\n${output.join('')}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base, output, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server not ready in ${readyWithinMs / 1000} s:\n${output.join('')}`);
    }
    // The next probe after 200 ms, or at once when the process exits in between.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 200))]);
  }
}
