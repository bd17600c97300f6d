// GET /api/v1/categories: the category tree.
import type { CategoriesResponseSchema, CategoryNode } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Answer } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getCategories = async (): Promise<CategoryNode[]> =>
  (await api<Answer<typeof CategoriesResponseSchema>>('/v1/categories')).result.categories;

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.categories, queryFn: getCategories, staleTime: 30 * 60_000 });

export const useCategories = () => useQuery(categoriesQueryOptions());

/** The node with `id` anywhere in the tree, with its path from the root. */
export function findCategory(tree: readonly CategoryNode[], id: number): CategoryNode[] | null {
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = findCategory(node.children, id);
    if (below) return [node, ...below];
  }
  return null;
}

/** Ids of every category below `node`, depth first. */
export function descendantIds(node: CategoryNode): number[] {
  return node.children.flatMap((child) => [child.id, ...descendantIds(child)]);
}
