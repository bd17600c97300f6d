// The catalogue's category tree (catalog): each top category opens to its subcategories; every
// row leads to catalog/{id}.
import type { CategoryNode } from '@shop/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { haptic } from '../../../telegram/haptics.ts';
import { useCategories } from '../api/get-categories.ts';
import './category-tree.css';
import { paths } from '../../../lib/paths.ts';

export function CategoryTree() {
  const categories = useCategories();
  const [openId, setOpenId] = useState<number | null>(null);
  if (categories.isPending) {
    return (
      <div className="category-tree" role="status" aria-label="Загрузка">
        {Array.from({ length: 7 }, (_, i) => (
          <div key={i} className="skeleton category-tree__skeleton" />
        ))}
      </div>
    );
  }
  if (categories.isError) {
    return (
      <div className="empty-state" role="alert">
        <p className="empty-state__title">Не удалось загрузить категории</p>
        <button type="button" className="link-button" onClick={() => void categories.refetch()}>
          Повторить
        </button>
      </div>
    );
  }
  return (
    <ul className="category-tree" aria-label="Категории">
      {categories.data.map((root) => (
        <CategoryGroup
          key={root.id}
          node={root}
          open={openId === root.id}
          onToggle={() => {
            haptic.selection();
            setOpenId((id) => (id === root.id ? null : root.id));
          }}
        />
      ))}
    </ul>
  );
}

function CategoryGroup({
  node,
  open,
  onToggle,
}: {
  node: CategoryNode;
  open: boolean;
  onToggle: () => void;
}) {
  if (node.children.length === 0) {
    return (
      <li>
        <Link className="category-tree__row" to={paths.catalog(node.id)}>
          {node.name}
          <Chevron />
        </Link>
      </li>
    );
  }
  return (
    <li className={open ? 'category-tree__group--open' : undefined}>
      <button type="button" className="category-tree__row" aria-expanded={open} onClick={onToggle}>
        {node.name}
        <Chevron />
      </button>
      {open && (
        <ul className="category-tree__children">
          <li>
            <Link className="category-tree__child category-tree__child--all" to={paths.catalog(node.id)}>
              Все товары категории
            </Link>
          </li>
          {node.children.map((child) => (
            <li key={child.id}>
              <Link className="category-tree__child" to={paths.catalog(child.id)}>
                {child.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

const Chevron = () => (
  <svg
    className="category-tree__chevron"
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="m9 6 6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
