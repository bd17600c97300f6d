// Describing pictures yields to shoppers' requests (issue 24): the wait resolves at once on an idle
// server, waits for a pause while requests keep arriving, and never longer than its cap.
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestPauses } from './find-photo.plugin.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const track = (p: Promise<void>) => {
  const state = { done: false };
  void p.then(() => (state.done = true));
  return state;
};

describe('requestPauses', () => {
  it('an idle server: no wait', async () => {
    const server = new EventEmitter();
    const pause = requestPauses(server, { quietMs: 50, maxWaitMs: 1000 });
    const first = track(pause());
    await vi.advanceTimersByTimeAsync(0);
    expect(first.done).toBe(true);
  });

  it('requests arriving: waits until none came for quietMs', async () => {
    const server = new EventEmitter();
    const pause = requestPauses(server, { quietMs: 50, maxWaitMs: 1000 });
    server.emit('request');
    const wait = track(pause());
    await vi.advanceTimersByTimeAsync(30);
    server.emit('request');
    await vi.advanceTimersByTimeAsync(30);
    expect(wait.done).toBe(false); // a request came in the last window
    await vi.advanceTimersByTimeAsync(60);
    expect(wait.done).toBe(true);
    // Nothing new since: the next call goes at once.
    const next = track(pause());
    await vi.advanceTimersByTimeAsync(0);
    expect(next.done).toBe(true);
  });

  it('a server that never pauses: at most maxWaitMs', async () => {
    const server = new EventEmitter();
    const pause = requestPauses(server, { quietMs: 50, maxWaitMs: 1000 });
    const busy = setInterval(() => server.emit('request'), 10);
    server.emit('request');
    const wait = track(pause());
    await vi.advanceTimersByTimeAsync(900);
    expect(wait.done).toBe(false);
    await vi.advanceTimersByTimeAsync(150);
    expect(wait.done).toBe(true);
    clearInterval(busy);
  });
});
