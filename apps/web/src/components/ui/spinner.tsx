// The full-screen spinner of the session start (docs/product.md §4). apps/web/index.html holds the
// same markup in #root, so it shows from the HTML's first paint, before any script, and React
// replaces it with itself (docs/decisions/033).
export function FullScreenSpinner() {
  return (
    <div className="fullscreen-center" role="status" aria-label="Загрузка">
      <span className="spinner" />
    </div>
  );
}
