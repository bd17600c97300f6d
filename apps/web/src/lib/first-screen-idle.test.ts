import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFirstScreenClock, whenFirstScreenIdle } from './first-screen-idle.ts';

describe('whenFirstScreenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs the waiting jobs 2.5 s after the clock starts, each in an idle callback of its own', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const idle: (() => void)[] = [];
    const asked: unknown[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options: unknown) => {
      asked.push(options);
      return idle.push(run);
    });
    const ran: string[] = [];
    whenFirstScreenIdle(() => ran.push('sdk'));
    const cancel = whenFirstScreenIdle(() => ran.push('cancelled'));
    whenFirstScreenIdle(() => {
      ran.push('drawer');
      throw new Error('a job that fails');
    });
    whenFirstScreenIdle(() => ran.push('reward'));
    cancel();

    startFirstScreenClock();
    vi.advanceTimersByTime(2499);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
    expect(ran).toEqual([]);

    // One job per idle callback: a long list of jobs never makes one long task.
    idle.shift()!();
    expect(ran).toEqual(['sdk']);
    expect(performance.getEntriesByName('shop:preload')).toHaveLength(1);
    expect(() => idle.shift()!()).toThrow('a job that fails');
    expect(ran).toEqual(['sdk', 'drawer']);
    idle.shift()!();
    expect(ran).toEqual(['sdk', 'drawer', 'reward']);
    expect(idle).toHaveLength(0);
    // Each callback is bounded: a machine with no idle period does not hold the jobs for ever.
    expect(asked).toEqual([{ timeout: 1000 }, { timeout: 1000 }, { timeout: 1000 }]);

    // Once idle, a new job runs at once.
    whenFirstScreenIdle(() => ran.push('late'));
    expect(ran.at(-1)).toBe('late');
  });
});
