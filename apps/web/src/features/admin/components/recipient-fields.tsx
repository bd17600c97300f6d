// Who collects a parcel at a new pickup point: name, surname and phone (the delivery's own fields).
export type RecipientDraft = { fio: string; last_name: string; phone_number: string };

export function Recipient({
  value,
  onChange,
}: {
  value: RecipientDraft;
  onChange: (r: RecipientDraft) => void;
}) {
  const field = (
    name: keyof RecipientDraft,
    label: string,
    extra: { inputMode?: 'tel'; autoComplete?: string } = {},
  ) => (
    <label className="admin-field">
      <span>{label}</span>
      <input
        className="admin-input"
        required
        maxLength={150}
        value={value[name]}
        onChange={(e) => onChange({ ...value, [name]: e.target.value })}
        {...extra}
      />
    </label>
  );
  return (
    <>
      {field('fio', 'Имя получателя')}
      {field('last_name', 'Фамилия получателя')}
      {field('phone_number', 'Телефон получателя', { inputMode: 'tel' })}
    </>
  );
}
