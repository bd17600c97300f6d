// Image URLs (docs/product.md §9): resized and WebP-converted by width or height through the API's image
// endpoint `/img/{w|h}{px}/{source}`; images already on the shop CDN are used unchanged.
import { IMAGE_EDGES_PX } from '@shop/contract';
import { env } from '../config/env.ts';

export type ImageSize = { width: number } | { height: number };

/** The shop CDN base, set at build time (VITE_SHOP_CDN); none by default. */
const SHOP_CDN = env.VITE_SHOP_CDN;

/** The server renders only listed edge sizes: a wanted size rounds up to the next one. */
function edge(px: number): number {
  return IMAGE_EDGES_PX.find((e) => e >= px) ?? IMAGE_EDGES_PX[IMAGE_EDGES_PX.length - 1]!;
}

export function imageUrl(src: string, size: ImageSize, cdnBase: string = SHOP_CDN): string {
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
