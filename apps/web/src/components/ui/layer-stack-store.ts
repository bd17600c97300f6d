// Every open layer above the page (lightbox, drawers, the search overlay, confirmation dialogs)
// registers here on open, so the back button and "close last drawer" know what to close
// (docs/product.md §2 and §4).
import { create } from 'zustand';

/**
 * 'placing-modal' is a modal on the order-placing page (the date picker's calendar): the route
 * rules close it before going a step back.
 */
export type LayerKind = 'lightbox' | 'drawer' | 'search' | 'confirm' | 'placing-modal';

export type Layer = { id: string; kind: LayerKind; close: () => void };

/** The back button closes layers in this order of kinds (docs/product.md §2). */
export const BACK_LAYER_ORDER: readonly LayerKind[] = ['lightbox', 'drawer', 'search', 'confirm'];

/** The layer the back button closes: the first kind in the spec's order, the latest of it. */
export function layerToClose(layers: readonly Layer[]): Layer | undefined {
  for (const kind of BACK_LAYER_ORDER) {
    const found = layers.findLast((layer) => layer.kind === kind);
    if (found) return found;
  }
  return undefined;
}

type LayerStackState = {
  layers: Layer[];
  register: (layer: Layer) => void;
  unregister: (id: string) => void;
  /** Closes the drawer opened last; false when no drawer is open. */
  closeLastDrawer: () => boolean;
  /** Closes the layer the back button should close; false when nothing is open. */
  closeTopLayer: () => boolean;
};

export const useLayerStack = create<LayerStackState>((set, get) => ({
  layers: [],
  register(layer) {
    set((s) => ({ layers: [...s.layers.filter((l) => l.id !== layer.id), layer] }));
  },
  unregister(id) {
    set((s) => ({ layers: s.layers.filter((l) => l.id !== id) }));
  },
  closeLastDrawer() {
    const last = get().layers.findLast((l) => l.kind === 'drawer');
    if (!last) return false;
    last.close();
    get().unregister(last.id);
    return true;
  },
  closeTopLayer() {
    const top = layerToClose(get().layers);
    if (!top) return false;
    top.close();
    get().unregister(top.id);
    return true;
  },
}));
