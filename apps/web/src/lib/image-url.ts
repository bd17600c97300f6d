// Image URLs (docs/product.md §9): resized and WebP-converted by width or height through the API's image
// endpoint `/img/{w|h}{px}/{source}`; images already on the shop CDN are used unchanged. The rule
// lives in the contract: the server names the same address when it preloads a picture (decision 033).
import { imageUrl as contractImageUrl, type ImageSize } from '@shop/contract';
import { env } from '../config/env.ts';

export type { ImageSize };

/** The shop CDN base, set at build time (VITE_SHOP_CDN); none by default. */
const SHOP_CDN = env.VITE_SHOP_CDN;

export function imageUrl(src: string, size: ImageSize, cdnBase: string = SHOP_CDN): string {
  return contractImageUrl(src, size, cdnBase);
}
