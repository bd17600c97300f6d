import { Outlet } from 'react-router';

/** The layout without navigation; a few pages use less bottom padding (docs/product.md §2). */
export function PlainLayout({ compactBottom = false }: { compactBottom?: boolean }) {
  return (
    <div className={`layout layout--plain${compactBottom ? ' layout--compact-bottom' : ''}`}>
      <main className="page">
        <Outlet />
      </main>
    </div>
  );
}
