// catalog: the category tree.
import { CategoryTree } from '../../features/catalog/components/category-tree.tsx';
import { SearchTrigger } from '../../features/search/components/search-trigger.tsx';

export function Component() {
  return (
    <section className="catalog-page">
      <h1 className="page-title">Каталог</h1>
      <div className="catalog-page__search">
        <SearchTrigger />
      </div>
      <CategoryTree />
    </section>
  );
}
