import { ru } from 'date-fns/locale/ru';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';

type Props = { selected?: Date; fromYear: number; toYear: number; onSelect: (date: Date) => void };

/** Russian calendar, week from Monday (docs/product.md §1, §9). */
export default function DatePickerCalendar({ selected, fromYear, toYear, onSelect }: Props) {
  return (
    <div className="date-picker__calendar">
      <DayPicker
        mode="single"
        locale={ru}
        weekStartsOn={1}
        captionLayout="dropdown"
        startMonth={new Date(fromYear, 0)}
        endMonth={new Date(toYear, 11)}
        defaultMonth={selected}
        selected={selected}
        required
        onSelect={onSelect}
      />
    </div>
  );
}
