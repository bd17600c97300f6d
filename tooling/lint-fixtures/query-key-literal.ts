// apps/web/src/features/catalog/api/x.ts — a literal query key (shop/registries).
import { queryKeys } from '../../../lib/query-keys.ts';

export const literal = { queryKey: ['catalog', 'brands'], queryFn: () => [] };
export const fromRegistry = { queryKey: queryKeys.carts, queryFn: () => [] };
export const extended = { queryKey: [...queryKeys.orders, 7], queryFn: () => [] };
