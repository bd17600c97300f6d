// Linted as apps/web/src/lib/shared-imports-feature.ts: shared code importing a feature.
import { cartLines } from '../features/cart/cart-lines.ts';

export const lines = cartLines;
