// A carousel for long lists of cards: embla is built for a card when the shopper first touches
// it, in the capture phase of that touch, so embla's own listener takes the very gesture. Built with
// the list (`useEmblaCarousel` in every card), 20 carousels measured their slides in one task after
// the catalogue's first render: ≈ 550 ms of a phone's CPU at Lighthouse's 4× slowdown, the largest
// piece of the page's blocking time (docs/benchmarks.md «Speed» §7). Built when a card neared the
// screen, one per idle task (decision 038), the first screen's four still cost ≈ 85 ms of its load
// (decision 041). Until touched, a card shows its first picture, which is all a carousel at rest
// shows. One carousel (the product drawer's gallery) keeps `useEmblaCarousel`.
import EmblaCarousel, { type EmblaCarouselType, type EmblaOptionsType } from 'embla-carousel';
import { useEffect, useState } from 'react';

/** Like `useEmblaCarousel`: a ref for the viewport and the carousel once it is built. */
export function useDeferredCarousel(
  options: EmblaOptionsType,
): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();

  useEffect(() => {
    if (!viewport) return;
    let built: EmblaCarouselType | undefined;
    // In the capture phase: embla's own pointerdown listener on the viewport, added now, then takes
    // this very gesture in the bubble phase.
    const build = () => {
      built = EmblaCarousel(viewport, options);
      setEmbla(built);
    };
    viewport.addEventListener('pointerdown', build, { capture: true, once: true });
    return () => {
      viewport.removeEventListener('pointerdown', build, { capture: true });
      built?.destroy();
      setEmbla(undefined);
    };
    // The options are read once, as `useEmblaCarousel` reads them at creation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewport]);

  return [setViewport, embla];
}
