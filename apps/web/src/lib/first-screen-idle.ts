// "The first screen is idle": 2.5 s after the app shell mounted, at the next idle callback. What
// the first screen does not need waits for it (the Telegram SDK, the product drawer's code, the
// invite-reward check; docs/decisions/026). `perf:first-screen-js` counts the scripts requested
// before the `shop:preload` mark made here. Each waiting job runs in an idle callback of its own,
// so they never add up to one long task that blocks a tap (docs/decisions/041).
const AFTER_MS = 2500;
/** The longest an idle callback waits for an idle period. */
const IDLE_TIMEOUT_MS = 1000;

let idle = false;
let started = false;
const waiting: (() => unknown)[] = [];

/** Runs `run` once the first screen is idle (at once when it is already); returns the cancel. */
export function whenFirstScreenIdle(run: () => unknown): () => void {
  if (idle) {
    run();
    return () => {};
  }
  waiting.push(run);
  return () => {
    const at = waiting.indexOf(run);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/** Starts the clock (the app shell, once per page load). */
export function startFirstScreenClock(): void {
  if (started) return;
  started = true;
  const whenIdle = (run: () => void) => {
    // Bounded: on a busy phone (and a busy CI machine) Chromium can go ten seconds and more without
    // an idle period, and what waits here (the SDK, the reward check) would wait with it.
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  };
  const runNext = () => {
    const run = waiting.shift();
    if (!run) return;
    // The next one is asked for first: a job that throws does not stop the ones after it.
    if (waiting.length > 0) whenIdle(runNext);
    run();
  };
  setTimeout(
    () =>
      whenIdle(() => {
        performance.mark('shop:preload');
        idle = true;
        runNext();
      }),
    AFTER_MS,
  );
}
