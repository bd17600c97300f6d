// Opens the product drawer for `?id=<productId>` in the address and removes the id on close
// (docs/product.md §2). The drawer and vaul load when the first screen is idle or on the first touch
// of a product, whichever comes first; never with the first screen.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useState } from 'react';
import { useSearchParams } from 'react-router';
import { productQueryOptions } from '../features/product/api/get-product.ts';
import { whenFirstScreenIdle } from '../lib/first-screen-idle.ts';
import { PRODUCT_PARAM } from '../lib/product-link.ts';
import type ProductDrawerComposed from './product-drawer-composed.tsx';

type DrawerComponent = typeof ProductDrawerComposed;

// Not `React.lazy` under `<Suspense>`: a boundary that showed its fallback reveals its content no
// sooner than 300 ms after that fallback (React's FALLBACK_THROTTLE_MS), and the first tap of a page
// load always suspended once, even with the code already preloaded: ≈ 290 ms of an idle main thread
// in every first tap (docs/decisions/032). The host renders the loaded component itself instead.
let loaded: DrawerComponent | null = null;
// Called again on each opening until it succeeds (a failed download is tried again).
const loadDrawer = () =>
  import('./product-drawer-composed.tsx').then((m) => {
    loaded = m.default;
  });

const CLOSE_ANIMATION_MS = 500;

export function ProductDrawerHost() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const raw = params.get(PRODUCT_PARAM);
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  // Keep the last product mounted while the sheet animates closed.
  const [shown, setShown] = useState<number | null>(id);
  // After the first screen is idle the drawer's code loads, so the first tap does not wait for it.
  useEffect(
    () =>
      whenFirstScreenIdle(() => {
        void loadDrawer();
      }),
    [],
  );
  // A tap on a product starts its drawer's code and its answer on the finger's touch, before the
  // click: the first tap of a page load, before the idle preload, does not wait for both in turn.
  useEffect(() => {
    const warm = (event: PointerEvent) => {
      const card = event.target instanceof Element ? event.target.closest('[data-product-id]') : null;
      const productId = Number(card?.getAttribute('data-product-id'));
      if (!productId) return;
      void loadDrawer();
      void queryClient.prefetchQuery(productQueryOptions(productId));
    };
    document.addEventListener('pointerdown', warm, { capture: true, passive: true });
    return () => document.removeEventListener('pointerdown', warm, { capture: true });
  }, [queryClient]);
  // A page opened with ?id= draws first and opens the drawer a frame later (docs/decisions/033):
  // the drawer's first render (vaul, Radix, embla) does not hold up the page's first paint.
  const [pageDrawn, setPageDrawn] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPageDrawn(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  if (id !== null && shown !== id) setShown(id);
  // Once the code is in (idle preload, a touch), the drawer renders in the tap's own render pass;
  // before that, the host renders again when it arrives.
  // The check is on what this render saw, not on `loaded` when the effect runs: the code may arrive
  // between the two, and then nothing would render the drawer (it stayed closed once, on a loaded
  // machine, after a tap whose touch had started the download).
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const ProductDrawer = loaded;
  useEffect(() => {
    if (shown !== null && ProductDrawer === null) void loadDrawer().then(arrived);
  }, [shown, ProductDrawer]);
  useEffect(() => {
    if (id !== null) return;
    const timer = setTimeout(() => setShown(null), CLOSE_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [id]);

  if (shown === null || ProductDrawer === null || !pageDrawn) return null;
  return (
    <ProductDrawer
      productId={id ?? shown}
      open={id !== null}
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
