// The product drawer's address protocol: `?id=<productId>` on the current page. Every place that
// opens a product goes through here, so each records the tap for the drawer's visible-in-150-ms
// measure (docs/benchmarks.md).
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

export const PRODUCT_PARAM = 'id';

/** A link to a product on the current page: `?id=12`. */
export const productHref = (id: number) => `?${PRODUCT_PARAM}=${id}`;

/** Marks the tap for the drawer's visible-in-150-ms measure. */
export function markProductTap() {
  performance.clearMarks('product-tap');
  performance.mark('product-tap');
}

/** The address parameters with the product drawer open on `id`. */
export function withProduct(params: URLSearchParams, id: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(PRODUCT_PARAM, String(id));
  return next;
}

/**
 * Opens the drawer on a product. The address is read when the tap comes, not subscribed to: a
 * card that subscribed (`useSearchParams`) would redraw with every change of the address, every
 * card of the grid at each opening of the drawer. The data router's `navigate` is stable.
 */
export function useOpenProduct() {
  const navigate = useNavigate();
  return useCallback(
    (id: number, { replace = false } = {}) => {
      markProductTap();
      const search = withProduct(new URLSearchParams(window.location.search), id).toString();
      void navigate({ search: `?${search}` }, { replace });
    },
    [navigate],
  );
}
