// A carousel for long lists of cards: embla is built for a card when the shopper first touches
// it, in the capture phase of that touch, so embla's own listener takes the very gesture. Built with
// the list (`useEmblaCarousel` in every card), 20 carousels measured their slides in one task after
// the catalogue's first render: ≈ 550 ms of a phone's CPU at Lighthouse's 4× slowdown, the largest
// piece of the page's blocking time (docs/benchmarks.md «Speed» §7). Built when a card neared the
// screen, one per idle task (decision 038), the first screen's four still cost ≈ 85 ms of its load
// (decision 041). Until touched, a card shows its first picture, which is all a carousel at rest
// shows. One carousel (the product drawer's gallery) keeps `useEmblaCarousel`.
// embla's code (≈ 6 KB gzip) is not on the first screen either (docs/decisions/044): it loads when
// the first screen is idle, or at a touch that comes before that (the carousel is then built when
// it arrives, and takes the next gesture).
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useEffect, useState } from 'react';
import { whenFirstScreenIdle } from './first-screen-idle.ts';

type Embla = typeof import('embla-carousel').default;
let embla: Embla | undefined;
let loading: Promise<Embla> | undefined;

function loadEmbla(): Promise<Embla> {
  loading ??= import('embla-carousel').then((module) => (embla = module.default));
  return loading;
}

/** Like `useEmblaCarousel`: a ref for the viewport and the carousel once it is built. */
export function useDeferredCarousel(
  options: EmblaOptionsType,
): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [carousel, setCarousel] = useState<EmblaCarouselType>();

  useEffect(() => {
    if (!viewport) return;
    let built: EmblaCarouselType | undefined;
    let gone = false;
    const cancelIdle = whenFirstScreenIdle(() => void loadEmbla().catch(() => {}));
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
      cancelIdle();
      viewport.removeEventListener('pointerdown', build, { capture: true });
      built?.destroy();
      setCarousel(undefined);
    };
    // The options are read once, as `useEmblaCarousel` reads them at creation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewport]);

  return [setViewport, carousel];
}
