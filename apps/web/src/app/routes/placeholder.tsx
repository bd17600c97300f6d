// A route of the spec whose page is not built yet shows its title.
import { useMatches } from 'react-router';
import type { RouteHandle } from '../route-handle.ts';

export function Component() {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return (
    <section className="page-placeholder">
      <h1 className="page-title">{handle?.title ?? 'Страница'}</h1>
    </section>
  );
}
