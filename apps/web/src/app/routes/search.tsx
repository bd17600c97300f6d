// search?q=: the results grid with the same filter and sort sheets as the catalogue.
import type { ProductCard } from '@shop/contract';
import { Link, useSearchParams } from 'react-router';
import { CatalogToolbar } from '../../features/catalog/components/catalog-toolbar.tsx';
import { ProductGrid } from '../../features/catalog/components/product-grid.tsx';
import { useFilterStore } from '../../features/catalog/filter-store.ts';
import { useListingParams } from '../../features/catalog/use-listing-params.ts';
import { paths } from '../../lib/paths.ts';
import { FavoriteHeart } from '../../features/favorites/components/favorite-heart.tsx';
import { MAX_SEARCH_LENGTH } from '../../components/ui/search-input.tsx';
import { SearchTrigger } from '../../features/search/components/search-trigger.tsx';

const heart = (p: ProductCard) => <FavoriteHeart productId={p.id} />;

/**
 * Nothing found (issue 27): the shop may not stock it yet — look on Poizon or by a photo; «Сбросить
 * фильтры» only when a filter is set (a search without filters has nothing to reset).
 */
function NothingFound({ q }: { q: string }) {
  const filtered = useFilterStore(
    (s) =>
      s.selectedBrands.length +
        s.selectedCategories.length +
        s.selectedColors.length +
        s.selectedSizes.length +
        s.selectedFitPeople.length >
      0,
  );
  return (
    <div className="empty-state">
      <p className="empty-state__title">По запросу «{q}» ничего не найдено</p>
      <p>
        {filtered
          ? 'Проверьте написание или уберите часть фильтров.'
          : 'Проверьте написание — или найдём на Poizon: по названию, артикулу или фото.'}
      </p>
      <Link className="button button--primary button--medium" to={paths.findPoizonSearch(q)}>
        Найти на Poizon
      </Link>
      <Link className="link-button" to={paths.findPhoto}>
        Поиск по фото
      </Link>
      {filtered && (
        <button type="button" className="link-button" onClick={() => useFilterStore.getState().reset()}>
          Сбросить фильтры
        </button>
      )}
    </div>
  );
}

export function Component() {
  const [searchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  const params = useListingParams({ search: q });
  return (
    <section className="catalog-page">
      <div className="catalog-page__search">
        <SearchTrigger query={q} />
      </div>
      <h1 className="page-title search-title">{q ? <>Результаты по запросу «{q}»</> : 'Поиск'}</h1>
      {q ? (
        <>
          <CatalogToolbar params={params} />
          <ProductGrid params={params} renderHeart={heart} empty={<NothingFound q={q} />} />
        </>
      ) : (
        <div className="empty-state">
          <p className="empty-state__title">Что ищем?</p>
          <p>Введите название товара или бренда</p>
        </div>
      )}
    </section>
  );
}
