// The category tree, with the sizeless flag (SIZELESS_CATEGORY_IDS and their descendants).
import { SIZELESS_CATEGORY_IDS, type CategoryNode } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

export async function categoryTree(db: Database): Promise<CategoryNode[]> {
  const rows = await queryRows<{
    id: number;
    parent_id: number | null;
    name: string;
    image_src: string | null;
  }>(db, sql`SELECT id, parent_id, name, image_src FROM categories ORDER BY position, id`);
  const nodes = new Map<number, CategoryNode>(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.name, image_src: r.image_src, sizeless: false, children: [] },
    ]),
  );
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id != null ? nodes.get(r.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const mark = (node: CategoryNode, sizeless: boolean) => {
    node.sizeless = sizeless || SIZELESS_CATEGORY_IDS.includes(node.id);
    node.children.forEach((child) => mark(child, node.sizeless));
  };
  roots.forEach((root) => mark(root, false));
  return roots;
}
