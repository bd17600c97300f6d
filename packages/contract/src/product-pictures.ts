// Which picture the app shows first, and at which address: pure functions, no schema library
// (the web app's first screen imports them). The server uses the same ones to name the picture
// it preloads in the HTML (docs/decisions/033): a different address would be a wasted download.
import { IMAGE_EDGES_PX } from './image-sizes.ts';
import type { Product, ProductCard, Variant } from './catalog.ts';

export type ImageSize = { width: number } | { height: number };

/** The server renders only listed edge sizes: a wanted size rounds up to the next one. */
function edge(px: number): number {
  return IMAGE_EDGES_PX.find((e) => e >= px) ?? IMAGE_EDGES_PX[IMAGE_EDGES_PX.length - 1]!;
}

/**
 * A picture's address (docs/product.md §9): resized and WebP-converted through `/img/{w|h}{px}/…`;
 * a picture already on the shop CDN (`cdnBase`) is used unchanged. Throws
 * "Invalid URL: missing file name" for an address without a file name.
 */
export function imageUrl(src: string, size: ImageSize, cdnBase = ''): string {
  const source = src.trim();
  const path = source.split(/[?#]/)[0] ?? '';
  const fileName = path.slice(path.lastIndexOf('/') + 1);
  if (!fileName || !/^\/|^https?:\/\//i.test(source) || /^https?:\/\/[^/]+$/i.test(path)) {
    throw new Error('Invalid URL: missing file name');
  }
  if (cdnBase && source.startsWith(cdnBase)) return source;
  const dimension = 'width' in size ? `w${edge(size.width)}` : `h${edge(size.height)}`;
  const encoded = source.startsWith('/') ? source.slice(1) : encodeURIComponent(source);
  return `/img/${dimension}/${encoded}`;
}

/** Height of a card's and a home row's pictures. */
export const CARD_IMAGE_HEIGHT = 350;
/** Width of the product drawer's gallery pictures. */
export const GALLERY_WIDTH = 600;

/** A card's first picture: its first image, else the product's picture. */
export const cardPicture = (card: Pick<ProductCard, 'images' | 'image_src'>): string | null =>
  card.images[0]?.src ?? card.image_src;

export const colorsOf = (product: Product): string[] => [
  ...new Set(product.variants.map((v) => v.color).filter((c): c is string => !!c)),
];

export const variantsForColor = (product: Product, color: string | null): Variant[] =>
  color === null ? product.variants : product.variants.filter((v) => v.color === color);

/** The picture of a colour: a variant's own, else the product picture a variant points at, else the product's. */
export function pictureForColor(product: Product, color: string): string | null {
  const variants = variantsForColor(product, color);
  return (
    variants.find((v) => v.image)?.image ??
    product.images.find((i) => variants.some((v) => v.img_id === i.id))?.src ??
    product.image_src
  );
}

/** The gallery: the chosen colour's picture first, then the product's other pictures. */
export function galleryFor(product: Product, color: string | null, limit: number): string[] {
  const all = product.images.map((i) => i.src);
  const first = color === null ? null : pictureForColor(product, color);
  const ordered = first ? [first, ...all.filter((src) => src !== first)] : all;
  return ordered.slice(0, limit);
}
