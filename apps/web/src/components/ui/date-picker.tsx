// The date picker (docs/product.md §5): a text field in month/day/year with a calendar (react-day-picker,
// Russian locale, Monday week start) loaded only when opened.
import { useState } from 'react';
import { lazyLayer } from '../../lib/lazy-layer.tsx';
import {
  dateInWords,
  formatDateInput,
  INVALID_DATE_MESSAGE,
  maskDateInput,
  parseDateInput,
} from './date-format.ts';
import { TextField } from './text-field.tsx';
import { useLayer } from './use-layer.ts';
import './date-picker.css';

// A lazy layer (no ≥ 300 ms Suspense hold on the first opening, docs/decisions/032), loaded on the
// touch of the calendar button.
const Calendar = lazyLayer(() => import('./date-picker-calendar.tsx'));

type Props = {
  label: string;
  value: Date | null;
  onChange: (date: Date | null) => void;
  fromYear?: number;
  toYear?: number;
};

export function DatePicker({
  label,
  value,
  onChange,
  fromYear = 1920,
  toYear = new Date().getFullYear(),
}: Props) {
  const [text, setText] = useState(value ? formatDateInput(value) : '');
  const [touched, setTouched] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  // On order placing, Telegram's back button closes an open calendar before it leaves the step.
  useLayer('placing-modal', calendarOpen, () => setCalendarOpen(false));
  const parsed = parseDateInput(text);
  const invalid = touched && text.length > 0 && !parsed;

  return (
    <div className="date-picker">
      <TextField
        label={label}
        value={text}
        inputMode="numeric"
        placeholder="MM/DD/YYYY"
        error={invalid ? INVALID_DATE_MESSAGE : undefined}
        mask={maskDateInput}
        onValueChange={(masked) => {
          setText(masked);
          onChange(parseDateInput(masked));
        }}
        onBlur={() => setTouched(true)}
      />
      {/* The field keeps the spec's month/day/year; what it understood is said in words beside it,
          so «03021992» shows as «2 марта 1992 г.» before the shopper saves a swapped date. */}
      {parsed && !invalid && (
        <p className="date-picker__words" aria-live="polite" data-testid="date-in-words">
          {dateInWords(parsed)}
        </p>
      )}
      <button
        type="button"
        className="date-picker__toggle"
        aria-label="Выбрать дату в календаре"
        aria-expanded={calendarOpen}
        onPointerDown={() => void Calendar.preload()}
        onClick={() => setCalendarOpen((open) => !open)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5" />
        </svg>
      </button>
      {calendarOpen && (
        <Calendar
          selected={parsed ?? value ?? undefined}
          fromYear={fromYear}
          toYear={toYear}
          onSelect={(date) => {
            setText(formatDateInput(date));
            setTouched(true);
            setCalendarOpen(false);
            onChange(date);
          }}
        />
      )}
    </div>
  );
}
