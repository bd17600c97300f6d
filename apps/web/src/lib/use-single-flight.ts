// An action that ignores further calls while its previous call is still running: a double tap on a
// button that sends a request sends it once. A ref, not React state, because both taps can land
// before the re-render that would disable the button.
import { useCallback, useEffect, useRef } from 'react';

export function useSingleFlight<A extends unknown[], R>(
  run: (...args: A) => Promise<R>,
): (...args: A) => Promise<R | undefined> {
  const busy = useRef(false);
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  return useCallback(async (...args: A) => {
    if (busy.current) return undefined;
    busy.current = true;
    try {
      return await latest.current(...args);
    } finally {
      busy.current = false;
    }
  }, []);
}
