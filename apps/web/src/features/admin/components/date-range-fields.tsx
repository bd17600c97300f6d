// «С» and «По»: a range of days for the console's filters (the orders list, the audit log), each
// bounded by the other.
export function DateRangeFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (patch: { from: string } | { to: string }) => void;
}) {
  return (
    <>
      <label className="admin-field admin-field--date">
        <span>С</span>
        <input
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </label>
      <label className="admin-field admin-field--date">
        <span>По</span>
        <input
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </label>
    </>
  );
}
