// Opens the product drawer for `?id=<productId>` in the address and removes the id on close
// (docs/product.md §2). The drawer and vaul load when the first screen is idle or on the first touch
// of a product, whichever comes first; never with the first screen.
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { productQueryOptions } from '../features/product/api/get-product.ts';
import { afterPaint } from '../lib/after-paint.ts';
import { dropPaintedDrawer } from '../lib/first-paint.ts';
import { whenFirstScreenIdle } from '../lib/first-screen-idle.ts';
import { loadZodAhead } from '../lib/zod-ahead.ts';
import { lazyLayer, useLingering, useTouchOf } from '../lib/lazy-layer.tsx';
import { PRODUCT_PARAM } from '../lib/product-link.ts';

// Not `React.lazy` under `<Suspense>` (its first render holds the drawer ≥ 300 ms, docs/decisions/032):
// a lazy layer renders the loaded drawer in the tap's own render pass, or nothing until it arrives.
const ProductDrawer = lazyLayer(() => import('./product-drawer-composed.tsx'));

export function ProductDrawerHost() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const raw = params.get(PRODUCT_PARAM);
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  // The last product stays mounted while the sheet animates closed.
  const shown = useLingering(id);
  // Opened by the address itself (a product's link, a reload): the sheet is there at rest, where the
  // server's HTML painted it, instead of sliding in (decision 064). A tap's opening slides as before.
  const [atRest, setAtRest] = useState(id !== null);
  if (atRest && id === null) setAtRest(false);
  // Gone from the address before the drawer came (back, a link): no painted sheet stays over the page.
  useEffect(() => {
    if (id === null) dropPaintedDrawer();
  }, [id]);
  // After the first screen is idle the drawer's code loads, so the first tap does not wait for it.
  useEffect(() => whenFirstScreenIdle(ProductDrawer.preload), []);
  // A tap on a product starts its drawer's code and its answer on the finger's touch, before the
  // click: the first tap of a page load, before the idle preload, does not wait for both in turn.
  useTouchOf(
    '[data-product-id]',
    useCallback(
      (card: Element) => {
        const productId = Number(card.getAttribute('data-product-id'));
        if (!productId) return;
        void ProductDrawer.preload();
        void queryClient.prefetchQuery(productQueryOptions(productId));
      },
      [queryClient],
    ),
  );

  // A page opened with ?id= draws first and opens the drawer a frame later (docs/decisions/033):
  // the drawer's first render (vaul, Radix, embla) does not hold up the page's first paint.
  // That opening is a transition, rendered in slices that yield to the browser, and waits for the
  // drawer's code, so that the drawer renders once, not empty then again when its code comes in a
  // render that does not yield (docs/decisions/067).
  const [pageDrawn, setPageDrawn] = useState(false);
  const [opensAtStart] = useState(id !== null);
  useEffect(() => {
    let live = true;
    const cancel = afterPaint(() => {
      // The delivery line under the price builds zod schemas when its code comes: zod is evaluated
      // ahead, in a task of its own, while the drawer's code loads (lib/zod-ahead.ts).
      if (opensAtStart) void loadZodAhead();
      const code = opensAtStart ? ProductDrawer.preload() : Promise.resolve();
      void code.then(() => live && startTransition(() => setPageDrawn(true)));
    });
    return () => {
      live = false;
      cancel();
    };
  }, [opensAtStart]);

  if (shown === null || !pageDrawn) return null;
  return (
    <ProductDrawer
      productId={shown}
      open={id !== null}
      atRest={atRest}
      onOpenChange={(open) => {
        if (open) return;
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.delete(PRODUCT_PARAM);
            return next;
          },
          { replace: true },
        );
      }}
    />
  );
}
