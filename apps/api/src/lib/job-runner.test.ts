// The shared job runner (decision 050): period, no overlap, poke, counted passes, and a stop that
// waits for the pass in hand (a graceful stop drains the jobs).
import { describe, expect, it } from 'vitest';
import { JobRuns, startJob } from './job-runner.ts';

const silent = { error: () => undefined };

/** A pass the test ends by hand. */
function gatedPass() {
  const started: (() => void)[] = [];
  let release: () => void = () => undefined;
  let passes = 0;
  let inFlight = 0;
  let overlapped = false;
  const run = () =>
    new Promise<void>((resolve) => {
      passes += 1;
      inFlight += 1;
      if (inFlight > 1) overlapped = true;
      release = () => {
        inFlight -= 1;
        resolve();
      };
      for (const s of started.splice(0)) s();
    });
  return {
    run,
    nextStart: () => new Promise<void>((resolve) => started.push(resolve)),
    release: () => release(),
    get passes() {
      return passes;
    },
    get overlapped() {
      return overlapped;
    },
  };
}

describe('the job runner', () => {
  it('runs a pass each period, never two at once, and counts them', async () => {
    const runs = new JobRuns();
    const gate = gatedPass();
    const job = startJob({ name: 'test_job', everyMs: 5, run: gate.run, log: silent }, runs);
    await gate.nextStart();
    // The pass in hand blocks the next ones, however many periods go by.
    const waited = gate.nextStart();
    let second = false;
    void waited.then(() => (second = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(second).toBe(false);
    gate.release();
    await waited;
    gate.release();
    await job.stop();
    expect(gate.overlapped).toBe(false);
    expect(runs.counts.get('test_job')?.ok).toBe(gate.passes);
    expect(gate.passes).toBeGreaterThanOrEqual(2);
  });

  it('stop() waits for the pass in hand and starts no other', async () => {
    const runs = new JobRuns();
    const gate = gatedPass();
    const job = startJob({ name: 'drained', everyMs: 60_000, run: gate.run, log: silent }, runs);
    const started = gate.nextStart();
    job.poke();
    await started;
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    gate.release();
    await stopping;
    expect(stopped).toBe(true);
    job.poke();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(gate.passes).toBe(1);
    expect(runs.total('drained')).toBe(1);
  });

  it('a failed pass is logged and counted, and the next one still runs', async () => {
    const runs = new JobRuns();
    const errors: unknown[] = [];
    let calls = 0;
    let secondPass: () => void = () => undefined;
    const second = new Promise<void>((resolve) => (secondPass = resolve));
    const job = startJob(
      {
        name: 'flaky',
        everyMs: 1,
        run: async () => {
          calls += 1;
          if (calls === 1) throw new Error('boom');
          secondPass();
        },
        log: { error: (obj) => errors.push(obj) },
      },
      runs,
    );
    await second;
    await job.stop();
    expect(errors).toHaveLength(1);
    expect(runs.counts.get('flaky')?.failed).toBe(1);
    expect(runs.counts.get('flaky')?.ok).toBeGreaterThanOrEqual(1);
  });
});
