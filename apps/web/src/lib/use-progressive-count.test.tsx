import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressiveCount } from './use-progressive-count.ts';

describe('useProgressiveCount', () => {
  it('gives the first items at once, then a step more per task, up to the length', async () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(
      ({ length }) => {
        const count = useProgressiveCount(length, 6, 4);
        if (seen.at(-1) !== count) seen.push(count);
        return count;
      },
      { initialProps: { length: 0 } },
    );
    expect(result.current).toBe(0);

    rerender({ length: 20 });
    expect(seen).toContain(6);
    await waitFor(() => expect(result.current).toBe(20));
    // Every step drawn in its own task: 6, 10, 14, 18, then capped at 20.
    expect(seen).toEqual([0, 6, 10, 14, 18, 20]);

    // A longer list (the next page) continues from where it stands.
    rerender({ length: 25 });
    expect(result.current).toBe(20);
    await waitFor(() => expect(result.current).toBe(25));

    // A new query (its skeleton: no items, while the list is fetched) starts the steps again.
    rerender({ length: 0 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    seen.length = 0;
    rerender({ length: 20 });
    expect(result.current).toBe(6);
    await waitFor(() => expect(result.current).toBe(20));
    expect(seen).toEqual([6, 10, 14, 18, 20]);
  });
});
