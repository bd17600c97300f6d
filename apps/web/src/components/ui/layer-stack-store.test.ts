import { beforeEach, describe, expect, it, vi } from 'vitest';
import { layerToClose, useLayerStack, type Layer, type LayerKind } from './layer-stack-store.ts';

const layer = (id: string, kind: LayerKind): Layer => ({ id, kind, close: vi.fn() });

beforeEach(() => useLayerStack.setState({ layers: [] }));

describe('back button layer order (docs/product.md §2: "image lightbox, another registered drawer, search overlay, confirmation dialog")', () => {
  it('closes the lightbox before anything else', () => {
    expect(
      layerToClose([
        layer('c', 'confirm'),
        layer('s', 'search'),
        layer('d', 'drawer'),
        layer('l', 'lightbox'),
      ])?.id,
    ).toBe('l');
    expect(layerToClose([layer('l', 'lightbox'), layer('d', 'drawer')])?.id).toBe('l');
  });

  it('then a drawer, then the search overlay, then the confirmation dialog', () => {
    expect(layerToClose([layer('s', 'search'), layer('d', 'drawer'), layer('c', 'confirm')])?.id).toBe('d');
    expect(layerToClose([layer('c', 'confirm'), layer('s', 'search')])?.id).toBe('s');
    expect(layerToClose([layer('c', 'confirm')])?.id).toBe('c');
  });

  it('closes the latest of two drawers first', () => {
    expect(layerToClose([layer('d1', 'drawer'), layer('d2', 'drawer')])?.id).toBe('d2');
  });

  it('leaves the order-placing modal to the route rules', () => {
    expect(layerToClose([layer('m', 'placing-modal')])).toBeUndefined();
  });

  it('closeTopLayer calls close and unregisters; false when nothing is open', () => {
    const search = layer('s', 'search');
    const drawer = layer('d', 'drawer');
    useLayerStack.getState().register(search);
    useLayerStack.getState().register(drawer);
    expect(useLayerStack.getState().closeTopLayer()).toBe(true);
    expect(drawer.close).toHaveBeenCalledOnce();
    expect(search.close).not.toHaveBeenCalled();
    expect(useLayerStack.getState().layers.map((l) => l.id)).toEqual(['s']);
    expect(useLayerStack.getState().closeTopLayer()).toBe(true);
    expect(useLayerStack.getState().closeTopLayer()).toBe(false);
  });
});

describe('drawer stack (docs/product.md §4: "Drawers register in a shared stack on open; close last drawer closes the latest")', () => {
  it('closes the drawer registered last', () => {
    const first = layer('a', 'drawer');
    const second = layer('b', 'drawer');
    const { register, closeLastDrawer } = useLayerStack.getState();
    register(first);
    register(layer('s', 'search'));
    register(second);
    expect(closeLastDrawer()).toBe(true);
    expect(second.close).toHaveBeenCalledOnce();
    expect(first.close).not.toHaveBeenCalled();
    expect(closeLastDrawer()).toBe(true);
    expect(first.close).toHaveBeenCalledOnce();
    expect(closeLastDrawer()).toBe(false);
  });
});
