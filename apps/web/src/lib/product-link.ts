// The product drawer's address protocol: `?id=<productId>` on the current page. Every place that
// opens a product goes through here, so each records the tap for the drawer's visible-in-150-ms
// measure (docs/benchmarks.md).
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

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

export function useOpenProduct() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (id: number, { replace = false } = {}) => {
      markProductTap();
      setParams((prev) => withProduct(prev, id), { replace });
    },
    [setParams],
  );
}
