// A layer whose code loads apart from the screen that opens it (a drawer, an overlay, a lightbox):
// one way to split such code off without `React.lazy` under `<Suspense>` (docs/decisions/032).
// A boundary that showed its fallback reveals its content no sooner than 300 ms after that
// fallback (React's FALLBACK_THROTTLE_MS), and a `React.lazy` component suspends on its first
// render even when its code is already in: every first opening of a page load paid ≈ 290 ms of an
// idle main thread. A layer keeps its loaded component and renders it directly instead; before the
// code is in it renders nothing and renders again when the code arrives (a plain state update,
// nothing throttled). `preload()` starts the download early (at first-screen idle, on a touch).
import { useEffect, useReducer, useState, type ComponentType, type ReactElement } from 'react';

export type LazyLayer<P> = {
  (props: P): ReactElement | null;
  /** Starts loading the code (once; again after a failure). Never rejects. */
  preload: () => Promise<void>;
};

export function lazyLayer<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyLayer<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
      },
      () => {
        // A failed download is tried again by the next preload or opening.
        pending = null;
      },
    ));

  function Layer(props: P) {
    const [, arrived] = useReducer((n: number) => n + 1, 0);
    // On what this render saw, not on `loaded` when the effect runs: the code can arrive in
    // between, and then nothing would render the layer again (a product drawer stayed closed so
    // once, on a loaded machine, after a tap whose touch had started the download).
    const Loaded = loaded;
    useEffect(() => {
      if (!Loaded) void preload().then(arrived);
    }, [Loaded]);
    return Loaded ? <Loaded {...props} /> : null;
  }
  Layer.preload = preload;
  return Layer;
}

/**
 * Runs `run` with the element matching `selector` when a finger or the mouse goes down on it, before
 * the click that opens its layer (a preload there overlaps the rest of the tap). `run` must be stable
 * (a layer's `preload`, a `useCallback`).
 */
export function useTouchOf(selector: string, run: (target: Element) => unknown): void {
  useEffect(() => {
    const warm = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target.closest(selector) : null;
      if (target) run(target);
    };
    document.addEventListener('pointerdown', warm, { capture: true, passive: true });
    return () => document.removeEventListener('pointerdown', warm, { capture: true });
  }, [selector, run]);
}

/**
 * What a layer shows: `value` while it is set, and the last value for `ms` after it is cleared, so
 * that the layer stays mounted while it animates closed (vaul's 0.5 s).
 */
export function useLingering<T>(value: T | null, ms = 500): T | null {
  const [shown, setShown] = useState(value);
  if (value !== null && shown !== value) setShown(value);
  useEffect(() => {
    if (value !== null) return;
    const timer = setTimeout(() => setShown(null), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value ?? shown;
}
