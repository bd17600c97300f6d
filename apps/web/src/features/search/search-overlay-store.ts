import { create } from 'zustand';

type SearchOverlayState = {
  isOpen: boolean;
  query: string;
  /** Opens with `query` in the field (the results page passes its own query to refine it). */
  open: (query?: string) => void;
  /** Closes the overlay; the query is cleared on close (docs/product.md §2). */
  close: () => void;
  setQuery: (query: string) => void;
};

export const useSearchOverlayStore = create<SearchOverlayState>((set) => ({
  isOpen: false,
  query: '',
  open: (query = '') => set({ isOpen: true, query }),
  close: () => set({ isOpen: false, query: '' }),
  setQuery: (query) => set({ query }),
}));
