import { describe, expect, it } from 'vitest';
import { imageUrl } from './image-url.ts';

describe('image URLs (docs/product.md §9, §5)', () => {
  it('resizes shop images by width or height through /img', () => {
    expect(imageUrl('/media/demo/123/1.svg', { width: 600 })).toBe('/img/w600/media/demo/123/1.svg');
    expect(imageUrl('/media/demo/123/1.svg', { height: 1200 })).toBe('/img/h1200/media/demo/123/1.svg');
  });

  it('rounds a size up to the next one the server renders (docs/product.md §16)', () => {
    expect(imageUrl('/media/a.png', { width: 300 })).toBe('/img/w324/media/a.png');
    expect(imageUrl('/media/a.png', { height: 81 })).toBe('/img/h120/media/a.png');
    expect(imageUrl('/media/a.png', { width: 9000 })).toBe('/img/w2400/media/a.png');
  });

  it('encodes absolute URLs as one path segment', () => {
    expect(imageUrl('https://cdn.poizon.com/pic/a b.jpg', { height: 350 })).toBe(
      `/img/h350/${encodeURIComponent('https://cdn.poizon.com/pic/a b.jpg')}`,
    );
  });

  it('uses shop CDN images unchanged', () => {
    expect(imageUrl('https://cdn.shop.ru/p/1.webp', { width: 600 }, 'https://cdn.shop.ru/')).toBe(
      'https://cdn.shop.ru/p/1.webp',
    );
    expect(imageUrl('https://other.ru/p/1.webp', { width: 600 }, 'https://cdn.shop.ru/')).toBe(
      `/img/w600/${encodeURIComponent('https://other.ru/p/1.webp')}`,
    );
  });

  it('rejects a URL without a file name: "Invalid URL: missing file name"', () => {
    for (const bad of [
      '/media/demo/',
      'https://cdn.poizon.com',
      'https://cdn.poizon.com/',
      '',
      'relative.png',
    ]) {
      expect(() => imageUrl(bad, { width: 600 })).toThrow('Invalid URL: missing file name');
    }
  });
});
