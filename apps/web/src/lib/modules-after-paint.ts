// A product's address whose sheet the server's HTML paints (docs/decisions/064, 069): the HTML
// lists the app's, the page's and the drawer's chunks in a meta element instead of preloading
// them, and the entry preloads them here once the painted sheet's picture (the page's largest
// paint) is on screen, so that on a slow link the picture does not share it with code that draws
// nothing before §4's session start is done. The session start itself does not wait for this.
// Without the meta element (every other page) nothing waits.

/** apps/api/src/modules/web/static-web.ts MODULES_AFTER_PAINT. */
const META_NAME = 'modules-after-paint';
/** A picture that takes longer (a slow link), or a page that is not shown (no frames), waits no more. */
export const PAINT_WAIT_CAP_MS = 2000;

const loaded = (img: HTMLImageElement | null) =>
  !img || img.complete
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => resolve(), { once: true });
      });

/** After the next frame has been painted (a task queued from the frame callback runs after it). */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Resolves once the listed chunks have been asked for (at once when the page lists none). */
export async function modulesAfterPaint(): Promise<void> {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${META_NAME}"]`);
  if (!meta) return;
  const picture = document.querySelector<HTMLImageElement>('#first-paint-drawer img');
  await Promise.race([
    loaded(picture).then(painted),
    new Promise<void>((resolve) => setTimeout(resolve, PAINT_WAIT_CAP_MS)),
  ]);
  for (const href of meta.content.split(' ')) {
    if (!href.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
