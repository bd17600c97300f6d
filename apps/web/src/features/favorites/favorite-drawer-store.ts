// Which product the favourites drawer asks a size for (null when closed), and the size already
// chosen for it when the shopper changes a favourite's size.
import { create } from 'zustand';

type FavoriteDrawerState = {
  productId: number | null;
  variantId: number | null;
  open: (productId: number, variantId?: number | null) => void;
  close: () => void;
};

export const useFavoriteDrawerStore = create<FavoriteDrawerState>((set) => ({
  productId: null,
  variantId: null,
  open: (productId, variantId = null) => set({ productId, variantId }),
  close: () => set({ productId: null }),
}));
