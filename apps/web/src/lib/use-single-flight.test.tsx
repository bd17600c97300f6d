import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSingleFlight } from './use-single-flight.ts';

describe('useSingleFlight', () => {
  it('runs once while a call is in flight, and again after it settles', async () => {
    let finish = () => {};
    const run = vi.fn(() => new Promise<string>((resolve) => (finish = () => resolve('done'))));
    const { result } = renderHook(() => useSingleFlight(run));
    const first = result.current();
    const second = result.current();
    expect(run).toHaveBeenCalledTimes(1);
    await expect(second).resolves.toBeUndefined();
    await act(async () => {
      finish();
      await first;
    });
    await expect(first).resolves.toBe('done');
    void result.current();
    expect(run).toHaveBeenCalledTimes(2);
  });
});
