// The product gallery: a swipeable row of pictures (width 600), the current one and 4 ahead
// loaded, the rest when the shopper nears them; a tap opens the lightbox.
import { GALLERY_WIDTH } from '@shop/contract';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState, type ReactNode } from 'react';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { afterPaint } from '../../../lib/after-paint.ts';

const PRELOAD_AHEAD = 4;

type Props = { images: string[]; title: string; onOpen: (index: number) => void; heart: ReactNode };

export function Gallery({ images, title, onOpen, heart }: Props) {
  const [emblaRef, embla] = useEmblaCarousel({ loop: false });
  // The carousel starts after the gallery's first paint, not in the commit that mounts it: embla
  // measures its slides with a forced layout, there a layout of the whole new sheet in the same long
  // task; after the paint the browser has laid it out already (docs/decisions/067).
  const [live, setLive] = useState(false);
  useEffect(() => afterPaint(() => setLive(true)), []);
  const [index, setIndex] = useState(0);
  const [reach, setReach] = useState(PRELOAD_AHEAD);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => {
      const i = embla.selectedScrollSnap();
      setIndex(i);
      setReach((r) => Math.max(r, i + PRELOAD_AHEAD));
    };
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);
  // Another colour brings other pictures: start again from the first.
  useEffect(() => {
    embla?.scrollTo(0, true);
  }, [embla, images]);

  const sources = images.length > 0 ? images : [null];
  return (
    <div className="gallery">
      <div className="gallery__viewport" ref={live ? emblaRef : undefined}>
        <div className="gallery__track">
          {sources.map((src, i) => (
            <button
              key={`${src ?? 'none'}-${i}`}
              type="button"
              className="gallery__slide"
              aria-label={`Фото ${i + 1} из ${sources.length}`}
              onClick={() => src && onOpen(i)}
            >
              {i <= reach ? (
                <ProductImage src={src} size={{ width: GALLERY_WIDTH }} alt={i === 0 ? title : ''} />
              ) : (
                <span className="gallery__placeholder" />
              )}
            </button>
          ))}
        </div>
      </div>
      {sources.length > 1 && (
        <div className="gallery__counter" aria-hidden="true">
          {index + 1} / {sources.length}
        </div>
      )}
      {heart && <div className="gallery__heart">{heart}</div>}
    </div>
  );
}
