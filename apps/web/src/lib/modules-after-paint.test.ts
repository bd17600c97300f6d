import { afterEach, describe, expect, it, vi } from 'vitest';
import { modulesAfterPaint, PAINT_WAIT_CAP_MS } from './modules-after-paint.ts';

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
    l.getAttribute('href'),
  );

/** A product's HTML as the server writes it (decision 069): the list, and the painted sheet's picture. */
function paintedSheet(list: string) {
  document.head.innerHTML = `<meta name="modules-after-paint" content="${list}">`;
  document.body.innerHTML =
    '<div id="first-paint-drawer"><div class="gallery__slide"><img src="/img/w600/a.webp"></div></div>';
  const picture = document.querySelector('img')!;
  // Still loading (jsdom loads no pictures, and calls every one complete).
  Object.defineProperty(picture, 'complete', { value: false, configurable: true });
  return picture;
}

describe('modulesAfterPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('asks for the listed chunks only after the picture has loaded and a frame has been painted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run));
    const picture = paintedSheet('/assets/app-1.js /assets/drawer-1.js');
    let done = false;
    void modulesAfterPaint().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(frames).toHaveLength(0);
    expect(preloads()).toEqual([]);

    picture.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(0);
    expect(frames).toHaveLength(1);
    expect(preloads()).toEqual([]);
    frames[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(preloads()).toEqual(['/assets/app-1.js', '/assets/drawer-1.js']);
    expect(document.head.querySelector('link[rel="modulepreload"]')!.getAttribute('crossorigin')).toBe('');
  });

  it('waits no longer than the cap for a picture that does not come (or a page without frames)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 0);
    paintedSheet('/assets/app-1.js');
    void modulesAfterPaint();
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_CAP_MS - 1);
    expect(preloads()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(preloads()).toEqual(['/assets/app-1.js']);
  });

  it('takes only the build’s own assets from the list', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 0);
    paintedSheet('/assets/app-1.js https://elsewhere.example/x.js //elsewhere.example/y.js');
    void modulesAfterPaint();
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_CAP_MS);
    expect(preloads()).toEqual(['/assets/app-1.js']);
  });

  it('resolves at once on a page without the list, asking for nothing', async () => {
    await modulesAfterPaint();
    expect(preloads()).toEqual([]);
  });
});
