// The product form's brand (docs/product.md §12.6): typed into one field, the shop's brands whose
// name or another spelling contains the text are offered as you type (GET /admin/brands?q=); pick
// one, or keep the text as a new brand («Новый бренд …»), made with the product.
import { useDeferredValue, useId, useState, type KeyboardEvent } from 'react';
import { ITEM_FORMS, plural } from '../../../lib/plural.ts';
import { useBrands } from '../api/products-create.ts';

/** An existing brand (with its id) or a new one by name; null: no brand. */
export type BrandChoice = { id: number; name: string } | { id?: undefined; name: string } | null;

export function BrandPicker({
  value,
  onChange,
  newBrandNote = 'появится с товаром',
}: {
  value: BrandChoice;
  onChange: (v: BrandChoice) => void;
  /** When a typed brand is made: with the new product, or when an edit is saved. */
  newBrandNote?: string;
}) {
  const listId = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = useDeferredValue(text.trim());
  const brands = useBrands(typed, open);
  const found = brands.data ?? [];
  const exact = found.find((b) => b.name.toLowerCase() === typed.toLowerCase());
  const options = [
    ...found.map((b) => ({
      key: `b${b.id}`,
      choice: { id: b.id, name: b.name },
      label: b.name,
      hint: b.products,
    })),
    ...(typed && !exact
      ? [{ key: 'new', choice: { name: typed }, label: `Новый бренд «${typed}»`, hint: null }]
      : []),
  ];

  const pick = (choice: BrandChoice) => {
    onChange(choice);
    setText(choice?.name ?? '');
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (options.length === 0 ? 0 : (a + step + options.length) % options.length));
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault();
      pick(options[active].choice);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="admin-field admin-brand-picker">
      <label htmlFor={`${listId}-input`}>Бренд</label>
      <input
        id={`${listId}-input`}
        className="admin-input"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${listId}-${options[active].key}` : undefined}
        autoComplete="off"
        placeholder="Начните вводить: Nike, New Balance…"
        maxLength={100}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
          // Typed, not picked: the text is the brand (the shop's of that name, else a new one).
          const name = e.target.value.trim();
          onChange(name ? { name } : null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {open && options.length > 0 && (
        <ul className="admin-brand-picker__list" id={listId} role="listbox" aria-label="Бренды">
          {options.map((o, i) => (
            <li
              key={o.key}
              id={`${listId}-${o.key}`}
              role="option"
              aria-selected={i === active}
              className={`admin-brand-picker__option${i === active ? ' admin-brand-picker__option--active' : ''}`}
              // Before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(o.choice);
              }}
            >
              <span>{o.label}</span>
              {o.hint !== null && (
                <span className="admin-muted">
                  {o.hint} {plural(o.hint, ITEM_FORMS)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {value && (
        <span className="admin-muted" aria-live="polite">
          {value.id === undefined && !exact
            ? `Новый бренд «${value.name}» ${newBrandNote}`
            : `Бренд: ${exact?.name ?? value.name}`}
        </span>
      )}
    </div>
  );
}
