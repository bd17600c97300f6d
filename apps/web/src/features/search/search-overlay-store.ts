import { create } from 'zustand';

type SearchOverlayState = {
  isOpen: boolean;
  query: string;
  open: () => void;
  /** Closes the overlay; the query is cleared on close (spec §2). */
  close: () => void;
  setQuery: (query: string) => void;
};

export const useSearchOverlayStore = create<SearchOverlayState>((set) => ({
  isOpen: false,
  query: '',
  open: () => set({ isOpen: true }),
  close: () => set({ isOpen: false, query: '' }),
  setQuery: (query) => set({ query }),
}));
