export function Chevron() {
  return (
    <svg className="pg-row__chevron" viewBox="0 0 24 24" aria-hidden="true">
      <path d="m9 6 6 6-6 6" />
    </svg>
  );
}
