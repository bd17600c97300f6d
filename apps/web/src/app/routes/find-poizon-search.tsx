import { PoizonSearchView } from '../../features/find/components/poizon-search-view.tsx';

export function Component() {
  return (
    <section>
      <h1 className="page-title">Поиск на Poizon</h1>
      <PoizonSearchView />
    </section>
  );
}
