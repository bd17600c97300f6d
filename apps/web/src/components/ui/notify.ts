// Toasts with the matching haptic feedback (docs/product.md §8: e.g. an error haptic with "Ошибка при
// добавлении в корзину"). The six toast types of docs/product.md §4 are sonner's own.
// sonner and the toast area stay off the first screen (docs/decisions/026): the first toast asks
// the app shell to mount the area, loads sonner, and shows once the area listens. The haptic is
// immediate.
import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { haptic } from '../../telegram/haptics.ts';

type Toast = typeof sonnerToast;

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
let ready: Promise<Toast> | undefined;

/** The toast area calls this once it is on the page. */
export const toasterMounted = () => markMounted();
/** Whether anything has asked for a toast yet (the app shell mounts the area from then on). */
export const toasterWanted = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => wanted,
};

function show(call: (toast: Toast) => unknown) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  ready ??= Promise.all([import('sonner'), mounted]).then(([m]) => m.toast);
  void ready.then(call);
}

export const notify = {
  success(message: string, options?: ExternalToast) {
    haptic.success();
    show((toast) => toast.success(message, options));
  },
  error(message: string, options?: ExternalToast) {
    haptic.error();
    show((toast) => toast.error(message, options));
  },
  warning(message: string, options?: ExternalToast) {
    haptic.warning();
    show((toast) => toast.warning(message, options));
  },
  info: (message: string, options?: ExternalToast) => show((toast) => toast.info(message, options)),
  loading: (message: string, options?: ExternalToast) => show((toast) => toast.loading(message, options)),
  message: (message: string, options?: ExternalToast) => show((toast) => toast(message, options)),
  dismiss: (id?: string | number) => {
    if (ready) void ready.then((toast) => toast.dismiss(id));
  },
};
