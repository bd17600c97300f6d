// The one runner of the background jobs (DESIGN §11 and §14, decision 050). A job is a name, a
// period and one pass: the pass claims its own work in the database with row locks (`FOR UPDATE
// SKIP LOCKED`, a lease column, or a conditional update), so any number of instances may run the
// same job at once and each piece of work is done once. The runner gives every job the same life:
// the first pass one period after start, passes never overlap in one instance, a failed pass is
// logged and the next one tried, `poke()` runs a pass now (work was just queued), every pass is
// counted (`shop_job_runs_total{job,outcome}` in /metrics), and `stop()` waits for the pass in
// hand, so a graceful stop drains the jobs.

export type JobOutcome = 'ok' | 'failed';

export type JobSpec = {
  /** The job's name in logs and metrics: `unpaid_orders`, `outbox`, … */
  name: string;
  everyMs: number;
  /** One pass. A number returned is how much work it did: > 0 runs the next pass at once. */
  run: () => Promise<number | void>;
  log: { error(obj: unknown, msg: string): void };
};

export type Job = {
  readonly name: string;
  /** Runs a pass now, or right after the one in hand. */
  poke(): void;
  /** No pass starts after this; resolves when the pass in hand has finished. */
  stop(): Promise<void>;
};

/** Counts every pass of every job of this instance, by job and outcome. */
export class JobRuns {
  readonly counts = new Map<string, { ok: number; failed: number }>();
  record(job: string, outcome: JobOutcome): void {
    const entry = this.counts.get(job) ?? { ok: 0, failed: 0 };
    entry[outcome] += 1;
    this.counts.set(job, entry);
  }
  /** Passes of `job` so far (both outcomes). */
  total(job: string): number {
    const entry = this.counts.get(job);
    return entry ? entry.ok + entry.failed : 0;
  }
}

export function startJob(spec: JobSpec, runs: JobRuns): Job {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(pass, ms);
    timer.unref();
  };
  function pass() {
    timer = undefined;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    let busy = false;
    running = spec
      .run()
      .then(
        (done) => {
          runs.record(spec.name, 'ok');
          busy = typeof done === 'number' && done > 0;
        },
        (err: unknown) => {
          runs.record(spec.name, 'failed');
          spec.log.error({ err, job: spec.name }, `job ${spec.name} failed`);
        },
      )
      .finally(() => {
        running = undefined;
        schedule(busy || again ? 0 : spec.everyMs);
      });
  }
  schedule(spec.everyMs);
  return {
    name: spec.name,
    poke: () => schedule(0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
