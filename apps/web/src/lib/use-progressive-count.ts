// How many items of a long list to render now: the first `first` at once, then `step` more per
// task until all `length` are there. A list of 20 catalogue cards rendered in one go is one task
// of ≈ 250 ms of a phone's CPU (Lighthouse's 4× slowdown, docs/benchmarks.md «Speed» §16); in
// steps, the screen's first cards draw sooner and no task blocks a tap for long. The items come
// in order below the ones already drawn, so nothing on screen moves.
import { useEffect, useState } from 'react';

export function useProgressiveCount(length: number, first: number, step: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    // An empty list (a new query's skeleton: another category, filter, sort or search) starts
    // the steps again, so a list that comes back long is not drawn in one task. Each change of
    // the count is made from a timer: each step is its own task, with a chance to paint and to
    // answer input in between.
    const next = length === 0 ? first : Math.min(count + step, length);
    if (length === 0 ? count === first : count >= length) return;
    const timer = setTimeout(() => setCount(next), 0);
    return () => clearTimeout(timer);
  }, [count, length, first, step]);
  return Math.min(count, length);
}
