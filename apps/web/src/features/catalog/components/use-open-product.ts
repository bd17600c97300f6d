// Opening the product drawer from a card: `?id=` in the address, and a performance mark on the
// tap for the drawer's visible-in-150-ms measure (docs/benchmarks.md). Kept apart from the card
// so pages without the swipeable card (home rows) do not load embla.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Marks the tap for the drawer's visible-in-150-ms measure (docs/benchmarks.md). */
export function markProductTap() {
  performance.clearMarks('product-tap');
  performance.mark('product-tap');
}

export function useOpenProduct() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (id: number) => {
      markProductTap();
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set('id', String(id));
        return next;
      });
    },
    [setParams],
  );
}
