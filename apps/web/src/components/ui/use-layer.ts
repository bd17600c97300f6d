import { useEffect, useId, useRef } from 'react';
import { useLayerStack, type LayerKind } from './layer-stack-store.ts';

/** Registers a layer in the shared stack while `open` is true. */
export function useLayer(kind: LayerKind, open: boolean, close: () => void): void {
  const id = useId();
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const { register, unregister } = useLayerStack.getState();
    register({ id, kind, close: () => closeRef.current() });
    return () => unregister(id);
  }, [id, kind, open]);
}
