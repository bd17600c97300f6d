// A carousel for long lists of cards: embla is built for a card only when the card comes near the
// screen, one card per idle task, or at once when the shopper touches it first. Built with the
// list (`useEmblaCarousel` in every card), 20 carousels measured their slides in one task after the
// catalogue's first render: ≈ 550 ms of a phone's CPU at Lighthouse's 4× slowdown, the largest
// piece of the page's blocking time (docs/benchmarks.md «Speed» §7). One carousel (the product
// drawer's gallery) keeps `useEmblaCarousel`.
import EmblaCarousel, { type EmblaCarouselType, type EmblaOptionsType } from 'embla-carousel';
import { useEffect, useState } from 'react';

const queue: (() => void)[] = [];
let pumping = false;

const nextIdle = (run: () => void) => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 300 });
  else setTimeout(run, 1);
};

function pump() {
  queue.shift()?.();
  if (queue.length) nextIdle(pump);
  else pumping = false;
}

function enqueue(build: () => void) {
  queue.push(build);
  if (!pumping) {
    pumping = true;
    nextIdle(pump);
  }
}

function dequeue(build: () => void) {
  const at = queue.indexOf(build);
  if (at >= 0) queue.splice(at, 1);
}

/** Like `useEmblaCarousel`: a ref for the viewport and the carousel once it is built. */
export function useDeferredCarousel(
  options: EmblaOptionsType,
): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();

  useEffect(() => {
    if (!viewport) return;
    let built: EmblaCarouselType | undefined;
    const build = () => {
      if (built) return;
      observer.disconnect();
      dequeue(build);
      built = EmblaCarousel(viewport, options);
      setEmbla(built);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        enqueue(build);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(viewport);
    // A touch before its turn builds it at once, in the capture phase: embla's own pointerdown
    // listener on the viewport then takes this very gesture in the bubble phase.
    viewport.addEventListener('pointerdown', build, { capture: true, once: true });
    return () => {
      observer.disconnect();
      dequeue(build);
      viewport.removeEventListener('pointerdown', build, { capture: true });
      built?.destroy();
      setEmbla(undefined);
    };
    // The options are read once, as `useEmblaCarousel` reads them at creation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewport]);

  return [setViewport, embla];
}
