import { FindPoizonView } from '../../features/find/components/find-poizon-view.tsx';

export function Component() {
  return (
    <section>
      <h1 className="page-title">Найти товар на Poizon</h1>
      <FindPoizonView />
    </section>
  );
}
