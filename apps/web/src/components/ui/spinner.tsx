// The app's spinner: an SVG ring (a browser counts an SVG as content, so the session start's spinner
// below is the page's first contentful paint; docs/decisions/037).
export function Spinner({ className }: { className?: string }) {
  return (
    <svg className={className ? `spinner ${className}` : 'spinner'} viewBox="0 0 32 32" aria-hidden="true">
      <circle cx="16" cy="16" r="14.5" />
      <circle cx="16" cy="16" r="14.5" pathLength="4" strokeDasharray="1 3" />
    </svg>
  );
}

// The full-screen spinner of the session start (docs/product.md §4). apps/web/index.html holds the
// same markup in #root, so it shows from the HTML's first paint, before any script, and React
// replaces it with itself (docs/decisions/033).
export function FullScreenSpinner() {
  return (
    <div className="fullscreen-center" role="status" aria-label="Загрузка">
      <Spinner />
    </div>
  );
}
