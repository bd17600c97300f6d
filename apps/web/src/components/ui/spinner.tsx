// The full-screen spinner of the session start (docs/product.md §4). apps/web/index.html holds the
// same markup in #root, so it shows from the HTML's first paint, before any script, and React
// replaces it with itself (docs/decisions/033). An SVG ring: a painted SVG is the first paint.
export function FullScreenSpinner() {
  return (
    <div className="fullscreen-center" role="status" aria-label="Загрузка">
      <svg className="spinner-ring" viewBox="0 0 32 32" aria-hidden="true">
        <circle className="spinner-ring__track" cx="16" cy="16" r="14.5" />
        <circle className="spinner-ring__arc" cx="16" cy="16" r="14.5" />
      </svg>
    </div>
  );
}
