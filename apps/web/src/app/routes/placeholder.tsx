// A route whose page has not been built yet shows its title (foundation issue, §4); the search
// route also shows its query until the results page lands.
import { useMatches, useSearchParams } from 'react-router';
import type { RouteHandle } from '../route-handle.ts';

export function Component() {
  const matches = useMatches();
  const [params] = useSearchParams();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const query = matches.at(-1)?.pathname === '/search' ? params.get('q') : null;
  return (
    <section className="page-placeholder">
      <h1 className="page-title">{handle?.title ?? 'Страница'}</h1>
      {query && <p className="page-placeholder__query">Результаты по запросу «{query}»</p>}
    </section>
  );
}
