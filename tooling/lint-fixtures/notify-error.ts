// apps/web/src/features/cart/components/x.ts — an error toasted by hand (shop/registries).
import { notify } from '../../../components/ui/notify.ts';

export function failed(error: Error) {
  notify.error(error.message);
  notify.success('Готово');
}
