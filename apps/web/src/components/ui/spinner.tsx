export function FullScreenSpinner() {
  return (
    <div className="fullscreen-center" role="status" aria-label="Загрузка">
      <span className="spinner" />
    </div>
  );
}
