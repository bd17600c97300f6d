// catalog/{id}: the category's product grid with subcategory chips, filter and sort sheets and
// infinite scroll (docs/product.md §2–§4).
import type { ProductCard } from '@shop/contract';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { descendantIds, findCategory, useCategories } from '../../features/catalog/api/get-categories.ts';
import { CatalogToolbar } from '../../features/catalog/components/catalog-toolbar.tsx';
import { ProductGrid } from '../../features/catalog/components/product-grid.tsx';
import { useFilterStore } from '../../features/catalog/filter-store.ts';
import { useListingParams } from '../../features/catalog/use-listing-params.ts';
import { FavoriteHeart } from '../../features/favorites/components/favorite-heart.tsx';
import { paths } from '../../lib/paths.ts';

const heart = (p: ProductCard) => <FavoriteHeart productId={p.id} />;

export function Component() {
  const id = Number(useParams().id);
  const categories = useCategories();
  const path = useMemo(
    () => (categories.data ? findCategory(categories.data, id) : null),
    [categories.data, id],
  );
  const node = path?.at(-1);
  const params = useListingParams({ categoryId: id });
  const descendants = useMemo(() => (node ? descendantIds(node) : []), [node]);

  return (
    <section className="catalog-page">
      {path && path.length > 1 && (
        <nav className="breadcrumbs" aria-label="Путь">
          <Link to={paths.catalog()}>Каталог</Link>
          {path.slice(0, -1).map((p) => (
            <Link key={p.id} to={paths.catalog(p.id)}>
              {p.name}
            </Link>
          ))}
        </nav>
      )}
      <h1 className="page-title">{node?.name ?? (categories.isPending ? '\u00a0' : 'Каталог')}</h1>
      {categories.isPending && (
        <div className="subcategory-chips" aria-hidden="true">
          {[96, 64, 88].map((w) => (
            <span key={w} className="chip skeleton" style={{ width: w }} />
          ))}
        </div>
      )}
      {node && node.children.length > 0 && (
        <div className="subcategory-chips">
          {node.children.map((c) => (
            <Link
              key={c.id}
              className="chip"
              to={paths.catalog(c.id)}
              onClick={() => useFilterStore.getState().resetList('selectedCategories')}
            >
              {c.name}
            </Link>
          ))}
        </div>
      )}
      <CatalogToolbar
        params={params}
        categoryScope={descendants}
        hide={[
          // Known once the tree has loaded: hiding it before would shift the chips when it comes.
          ...(descendants.length === 0 && !categories.isPending ? (['selectedCategories'] as const) : []),
          // Bags, accessories and electronics have no sizes to filter by.
          ...(node?.sizeless ? (['selectedSizes'] as const) : []),
        ]}
      />
      <ProductGrid
        params={params}
        renderHeart={heart}
        empty={
          <div className="empty-state">
            <p className="empty-state__title">Ничего не нашлось</p>
            <p>Попробуйте убрать часть фильтров</p>
            <button type="button" className="link-button" onClick={() => useFilterStore.getState().reset()}>
              Сбросить фильтры
            </button>
          </div>
        }
      />
    </section>
  );
}
