// Which product the favourites drawer asks a size for (null when closed).
import { create } from 'zustand';

type FavoriteDrawerState = {
  productId: number | null;
  open: (productId: number) => void;
  close: () => void;
};

export const useFavoriteDrawerStore = create<FavoriteDrawerState>((set) => ({
  productId: null,
  open: (productId) => set({ productId }),
  close: () => set({ productId: null }),
}));
