// A layer whose code loads apart from the screen that opens it (a drawer, an overlay, a lightbox):
// one way to split such code off without `React.lazy` under `<Suspense>` (docs/decisions/032).
// A boundary that showed its fallback reveals its content no sooner than 300 ms after that
// fallback (React's FALLBACK_THROTTLE_MS), and a `React.lazy` component suspends on its first
// render even when its code is already in: every first opening of a page load paid ≈ 290 ms of an
// idle main thread. A layer keeps its loaded component and renders it directly instead; before the
// code is in it renders nothing and renders again when the code arrives (a plain state update,
// nothing throttled). `preload()` starts the download early (at first-screen idle, on a touch).
import { useEffect, useReducer, type ComponentType, type ReactElement } from 'react';

export type LazyLayer<P> = {
  (props: P): ReactElement | null;
  /** Starts loading the code (once; again after a failure). Never rejects. */
  preload: () => Promise<void>;
  /** Whether the code is in, so that the layer renders in the same pass. */
  isLoaded: () => boolean;
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
    useEffect(() => {
      if (loaded) return;
      let live = true;
      void preload().then(() => live && arrived());
      return () => {
        live = false;
      };
    }, []);
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : null;
  }
  return Object.assign(Layer, { preload, isLoaded: () => loaded !== null });
}

/**
 * Preloads `layer` when a finger or the mouse goes down on an element matching `selector`, before
 * the click that opens it (the download overlaps the rest of the tap).
 */
export function usePreloadOnTouch(layer: { preload: () => Promise<void> }, selector: string): void {
  useEffect(() => {
    const warm = (event: PointerEvent) => {
      if (event.target instanceof Element && event.target.closest(selector)) void layer.preload();
    };
    document.addEventListener('pointerdown', warm, { capture: true, passive: true });
    return () => document.removeEventListener('pointerdown', warm, { capture: true });
  }, [layer, selector]);
}
