// A route whose page has not been built yet shows its title (foundation issue, §4).
import { useMatches } from 'react-router';
import type { RouteHandle } from '../route-handle.ts';

export function Component() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  return (
    <section className="page-placeholder">
      <h1 className="page-title">{handle?.title ?? 'Страница'}</h1>
    </section>
  );
}
