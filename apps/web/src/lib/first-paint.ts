// The first screen the server's HTML paints (apps/api/src/modules/web/first-paint.ts,
// docs/decisions/051): a paint-only copy of the page, under §4's spinner, that the app removes in
// the commit that reveals its own page (same elements and sizes, so nothing moves), or when the
// session start fails and "error" shows in its place.
import { useLayoutEffect } from 'react';

const ELEMENT_ID = 'first-paint';

/** Removes the server's painted first screen, if the HTML had one. */
export function dropFirstPaint(): void {
  document.getElementById(ELEMENT_ID)?.remove();
}

/** Rendered beside the page: its layout effect runs in the commit that shows the page. */
export function FirstPaintHandOff(): null {
  useLayoutEffect(dropFirstPaint, []);
  return null;
}
