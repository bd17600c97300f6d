import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from '../route-handle.ts';

export function PlainLayout() {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return (
    <div className={`layout layout--plain${handle?.compactBottom ? ' layout--compact-bottom' : ''}`}>
      <main className="page">
        <Outlet />
      </main>
    </div>
  );
}
