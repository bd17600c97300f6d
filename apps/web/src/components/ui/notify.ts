// Toasts with the matching haptic feedback (docs/product.md §8: e.g. an error haptic with "Ошибка при
// добавлении в корзину"). The six toast types of docs/product.md §4 are sonner's own.
import { toast, type ExternalToast } from 'sonner';
import { haptic } from '../../telegram/haptics.ts';

export const notify = {
  success(message: string, options?: ExternalToast) {
    haptic.success();
    return toast.success(message, options);
  },
  error(message: string, options?: ExternalToast) {
    haptic.error();
    return toast.error(message, options);
  },
  warning(message: string, options?: ExternalToast) {
    haptic.warning();
    return toast.warning(message, options);
  },
  info: (message: string, options?: ExternalToast) => toast.info(message, options),
  loading: (message: string, options?: ExternalToast) => toast.loading(message, options),
  message: (message: string, options?: ExternalToast) => toast(message, options),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
