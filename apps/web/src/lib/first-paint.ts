// The first screen the server's HTML paints (apps/api/src/modules/web/first-paint.ts,
// docs/decisions/051): a paint-only copy of the page, under §4's spinner, that the app removes in
// the commit that reveals its own page (same elements and sizes, so nothing moves), or when the
// session start fails and "error" shows in its place. On a product's address the HTML paints the
// drawer's sheet at rest too (decision 064): it stays over the revealed page until the app's own
// sheet, opened at rest under it, shows the product.
import { useLayoutEffect } from 'react';

const ELEMENT_ID = 'first-paint';
const DRAWER_ELEMENT_ID = 'first-paint-drawer';

/** Removes the server's painted product sheet, if the HTML had one. */
export function dropPaintedDrawer(): void {
  document.getElementById(DRAWER_ELEMENT_ID)?.remove();
}

/** Whether the HTML painted the product's sheet and it still shows. */
export const hasPaintedDrawer = (): boolean => document.getElementById(DRAWER_ELEMENT_ID) !== null;

/** Removes the server's painted first screen, and its product sheet, if the HTML had them. */
export function dropFirstPaint(): void {
  document.getElementById(ELEMENT_ID)?.remove();
  dropPaintedDrawer();
}

/**
 * Rendered beside the page: its layout effect runs in the commit that shows the page. A painted
 * product sheet stays: the app's own drawer removes it (product-drawer.tsx).
 */
export function FirstPaintHandOff(): null {
  useLayoutEffect(() => document.getElementById(ELEMENT_ID)?.remove(), []);
  return null;
}
