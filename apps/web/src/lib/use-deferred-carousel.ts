// A carousel for long lists of cards: embla is built for a card when the shopper first touches
// it, in the capture phase of that touch, so embla's own listener takes the very gesture. Built with
// the list (`useEmblaCarousel` in every card), 20 carousels measured their slides in one task after
// the catalogue's first render: ≈ 550 ms of a phone's CPU at Lighthouse's 4× slowdown, the largest
// piece of the page's blocking time (docs/benchmarks.md «Speed» §7). Built when a card neared the
// screen, one per idle task (decision 038), the first screen's four still cost ≈ 85 ms of its load
// (decision 041). Until touched, a card shows its first picture, which is all a carousel at rest
// shows. One carousel (the product drawer's gallery) keeps `useEmblaCarousel`.
// embla's code (≈ 6 KB gzip) is not in the first screen's chunks either (docs/decisions/044): it is
// asked for once a card has been drawn (an effect: after the page is shown, never before its first
// paint's scripts), and is there long before a finger; a touch that still comes first builds the
// carousel when the code arrives, and the next gesture swipes.
// The viewport is held in a ref object, not in state set by a ref callback: a state update from a
// ref is made while React commits, at sync priority, so the commit that showed 20 cards (the reveal
// of the page, decision 044) rendered all of them again and ran every passive effect of the page in
// the same long task (docs/decisions/083).
import type { default as EmblaCarousel, EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useEffect, useRef, useState, type RefObject } from 'react';

type Embla = typeof EmblaCarousel;
let embla: Embla | undefined;
let loading: Promise<Embla> | undefined;

function loadEmbla(): Promise<Embla> {
  loading ??= import('embla-carousel').then((module) => (embla = module.default));
  return loading;
}

/**
 * Like `useEmblaCarousel`: a ref for the viewport and the carousel once it is built. The viewport is
 * one element for the component's life (it is read when the component mounts or is shown again).
 */
export function useDeferredCarousel<T extends HTMLElement = HTMLDivElement>(
  options: EmblaOptionsType,
): [RefObject<T | null>, EmblaCarouselType | undefined] {
  const ref = useRef<T | null>(null);
  const [carousel, setCarousel] = useState<EmblaCarouselType>();

  useEffect(() => {
    const viewport = ref.current;
    if (!viewport) return;
    let built: EmblaCarouselType | undefined;
    let gone = false;
    void loadEmbla().catch(() => {});
    const buildWith = (create: Embla) => {
      if (gone || built) return;
      built = create(viewport, options);
      setCarousel(built);
    };
    // In the capture phase: embla's own pointerdown listener on the viewport, added now, then takes
    // this very gesture in the bubble phase.
    const build = () => {
      if (embla) buildWith(embla);
      else void loadEmbla().then(buildWith, () => {});
    };
    viewport.addEventListener('pointerdown', build, { capture: true, once: true });
    return () => {
      gone = true;
      viewport.removeEventListener('pointerdown', build, { capture: true });
      built?.destroy();
      setCarousel(undefined);
    };
    // The options are read once, as `useEmblaCarousel` reads them at creation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return [ref, carousel];
}
