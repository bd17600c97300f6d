// Linted as apps/web/src/features/orders/components/cross-feature.ts: a feature importing another.
import { cartLines } from '../../cart/cart-lines.ts';

export const lines = cartLines;
