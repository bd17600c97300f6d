// Image lightbox on yet-another-react-lightbox with its Zoom plugin (docs/product.md §2, §9): finite, swipe,
// zoom, pull-to-close; fade and swipe 300 ms, preload 2, zoom step ×2, double tap 300 ms,
// double click 500 ms. Registers in the layer stack so the back button closes it first. Inside
// Telegram (8.0+) the pictures take the whole screen (telegram/fullscreen.ts, docs/decisions/055);
// the toolbar keeps clear of Telegram's own controls through the safe-area insets.
import Lightbox from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import { useTelegramFullscreen } from '../../telegram/fullscreen.ts';
import './image-lightbox.css';
import { useLayer } from './use-layer.ts';

export const LIGHTBOX_SETTINGS = {
  animation: { fade: 300, swipe: 300 },
  carousel: { finite: true, preload: 2 },
  zoom: { zoomInMultiplier: 2, doubleTapDelay: 300, doubleClickDelay: 500 },
  controller: { closeOnPullDown: true },
} as const;

type Props = {
  open: boolean;
  onClose: () => void;
  slides: { src: string; alt?: string }[];
  index?: number;
};

export default function ImageLightbox({ open, onClose, slides, index = 0 }: Props) {
  useLayer('lightbox', open, onClose);
  useTelegramFullscreen(open);
  return (
    <Lightbox
      open={open}
      close={onClose}
      slides={slides}
      index={index}
      plugins={[Zoom]}
      animation={LIGHTBOX_SETTINGS.animation}
      carousel={LIGHTBOX_SETTINGS.carousel}
      zoom={LIGHTBOX_SETTINGS.zoom}
      controller={LIGHTBOX_SETTINGS.controller}
      styles={{ root: { zIndex: 70 } }}
    />
  );
}
