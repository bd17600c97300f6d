// The city of a delivery with the carrier's suggestions (GET /delivery/cities): typing changes the
// text and forgets the chosen city; choosing a suggestion sets both the name and the carrier's code.
import type { DeliveryCity } from '@shop/contract';
import { useEffect, useState } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import { haptic } from '../../../telegram/haptics.ts';
import { useDeliveryCities } from '../api/carrier.ts';

type Props = {
  value: string;
  cityCode: number | null;
  onChange: (city: string, cityCode: number | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
};

/** The query waits this long after the last key. */
const DEBOUNCE_MS = 250;

export function CityField({ value, cityCode, onChange, onBlur, error }: Props) {
  const [query, setQuery] = useState(value);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const cities = useDeliveryCities(open && cityCode === null ? query : '');
  const list = open && cityCode === null && query.trim().length >= 2 ? (cities.data ?? []) : [];

  const choose = (city: DeliveryCity) => {
    haptic.selection();
    onChange(city.name, city.code);
    setOpen(false);
  };

  return (
    <div className="city-field">
      <TextField
        label="Город"
        name="city"
        autoComplete="off"
        value={value}
        onValueChange={(v) => {
          onChange(v, null);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={onBlur}
        error={error}
      />
      {list.length > 0 && (
        <ul className="city-field__list" aria-label="Города">
          {list.map((city) => (
            <li key={city.code}>
              <button
                type="button"
                className="city-field__option"
                // Before the input's blur, so the choice is not lost when the list closes.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(city)}
              >
                <span>{city.name}</span>
                <span className="city-field__hint">{city.full_name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && cityCode === null && query.trim().length >= 2 && cities.isSuccess && list.length === 0 && (
        <p className="city-field__empty">Город не найден. Проверьте название.</p>
      )}
    </div>
  );
}
