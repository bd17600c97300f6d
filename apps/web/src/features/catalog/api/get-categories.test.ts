import type { CategoryNode } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { descendantIds, findCategory } from './get-categories.ts';

const node = (id: number, children: CategoryNode[] = []) =>
  ({ id, name: `c${id}`, children, sizeless: false }) as unknown as CategoryNode;
const tree = [node(1, [node(2, [node(3), node(4)]), node(5)]), node(6)];

describe('category tree', () => {
  it('findCategory gives the path from the root', () => {
    expect(findCategory(tree, 4)?.map((n) => n.id)).toEqual([1, 2, 4]);
    expect(findCategory(tree, 9)).toBeNull();
  });

  it('descendantIds lists every category below, depth first', () => {
    expect(descendantIds(tree[0]!)).toEqual([2, 3, 4, 5]);
    expect(descendantIds(tree[1]!)).toEqual([]);
  });
});
