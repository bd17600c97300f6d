import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { INVALID_DATE_MESSAGE, maskDateInput, parseDateInput } from './date-format.ts';
import { DatePicker } from './date-picker.tsx';
import { MAX_SEARCH_LENGTH as CONTRACT_MAX_SEARCH } from '@shop/contract';
import { MAX_SEARCH_LENGTH, SearchInput } from './search-input.tsx';
import { Digits12Field, EmailField, SeriesField, TextField } from './text-field.tsx';

function ControlledSearch({ onCancel }: { onCancel?: () => void }) {
  const [value, setValue] = useState('');
  return <SearchInput aria-label="Поиск" value={value} onValueChange={setValue} onCancel={onCancel} />;
}

describe('search input (docs/product.md §4: "shows cancel when focused and clear when filled; clear empties and refocuses; cancel clears, blurs and calls the cancel callback")', () => {
  it('shows cancel only while focused and clear only while filled', async () => {
    const user = userEvent.setup();
    render(<ControlledSearch />);
    const input = screen.getByRole('searchbox', { name: 'Поиск' });
    expect(input).toHaveAttribute('placeholder', 'Search');
    expect(screen.queryByRole('button', { name: 'Отменить' })).toBeNull();
    await user.click(input);
    expect(screen.getByRole('button', { name: 'Отменить' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Очистить' })).toBeNull();
    await user.type(input, 'nike');
    expect(screen.getByRole('button', { name: 'Очистить' })).toBeVisible();
  });

  it('autoFocus focuses the field when it mounts (docs/decisions/035)', () => {
    render(<SearchInput aria-label="Поиск" value="" onValueChange={() => {}} autoFocus />);
    expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveFocus();
  });

  it('clear empties and refocuses', async () => {
    const user = userEvent.setup();
    render(<ControlledSearch />);
    const input = screen.getByRole('searchbox', { name: 'Поиск' });
    await user.type(input, 'zara');
    await user.click(screen.getByRole('button', { name: 'Очистить' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
  });

  it('cancel clears, blurs and calls the cancel callback', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(<ControlledSearch onCancel={onCancel} />);
    const input = screen.getByRole('searchbox', { name: 'Поиск' });
    await user.type(input, 'puma');
    await user.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(input).toHaveValue('');
    expect(input).not.toHaveFocus();
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

function Controlled({ kind }: { kind: 'text' | 'email' | 'digits' | 'series' }) {
  const [value, setValue] = useState('');
  const props = { label: 'Поле', value, onValueChange: setValue };
  if (kind === 'email') return <EmailField {...props} />;
  if (kind === 'digits') return <Digits12Field {...props} />;
  if (kind === 'series') return <SeriesField {...props} />;
  return <TextField {...props} />;
}

describe('text inputs (docs/product.md §4, §5)', () => {
  it('"focused and filled states raise the floating label"', async () => {
    const user = userEvent.setup();
    const { container } = render(<Controlled kind="text" />);
    const field = container.querySelector('.text-field')!;
    expect(field).not.toHaveClass('text-field--raised');
    expect(field).toHaveClass('text-field--large');
    await user.click(screen.getByLabelText('Поле'));
    expect(field).toHaveClass('text-field--raised');
    await user.type(screen.getByLabelText('Поле'), 'а');
    await user.tab();
    expect(field).toHaveClass('text-field--raised');
  });

  it('the e-mail input has the e-mail type, keyboard and autofill', () => {
    render(<Controlled kind="email" />);
    const input = screen.getByLabelText('Поле');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('inputmode', 'email');
    expect(input).toHaveAttribute('autocomplete', 'email');
  });

  it('the numeric inputs keep digits only (max 12; max 4 as "12 34")', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Controlled kind="digits" />);
    await user.type(screen.getByLabelText('Поле'), '12a34-5678 90123');
    expect(screen.getByLabelText('Поле')).toHaveValue('123456789012');
    unmount();
    render(<Controlled kind="series" />);
    await user.type(screen.getByLabelText('Поле'), '4a5x06');
    expect(screen.getByLabelText('Поле')).toHaveValue('45 06');
  });

  it('a paste with words keeps all its digits («ИНН: 500100732259», «серия 4508»)', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Controlled kind="digits" />);
    await user.click(screen.getByLabelText('Поле'));
    await user.paste('ИНН: 500100732259');
    expect(screen.getByLabelText('Поле')).toHaveValue('500100732259');
    unmount();
    render(<Controlled kind="series" />);
    await user.click(screen.getByLabelText('Поле'));
    await user.paste('серия 4508');
    expect(screen.getByLabelText('Поле')).toHaveValue('45 08');
  });

  it('the placeholder shows only once the label has risen, never under it', async () => {
    const user = userEvent.setup();
    render(<TextField label="Серия" value="" onValueChange={() => {}} placeholder="12 34" />);
    const input = screen.getByLabelText('Серия');
    expect(input).not.toHaveAttribute('placeholder');
    await user.click(input);
    expect(input).toHaveAttribute('placeholder', '12 34');
  });
});

describe('search input caps its text (issue 27)', () => {
  it("takes at most the contract's 200 characters, typed or pasted", async () => {
    expect(MAX_SEARCH_LENGTH).toBe(CONTRACT_MAX_SEARCH);
    const user = userEvent.setup();
    render(<ControlledSearch />);
    const input = screen.getByRole('searchbox', { name: 'Поиск' });
    await user.click(input);
    await user.paste('я'.repeat(250));
    expect((input as HTMLInputElement).value).toHaveLength(200);
  });
});

describe('date picker (docs/product.md §5: month/day/year with slashes; issue 27: what was understood said in words, a Russian message for an impossible date)', () => {
  it('says «03021992» as «2 марта 1992 г.» beside the field, and refuses 02/30 in Russian', async () => {
    const user = userEvent.setup();
    render(<DatePicker label="Дата рождения" value={null} onChange={() => {}} />);
    const input = screen.getByLabelText('Дата рождения');
    await user.type(input, '03021992');
    expect(input).toHaveValue('03/02/1992');
    expect(screen.getByTestId('date-in-words')).toHaveTextContent('2 марта 1992 г.');
    await user.clear(input);
    await user.type(input, '02302000');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Такой даты нет — введите месяц/день/год');
    expect(screen.queryByText('Date input not valid.')).toBeNull();
    expect(screen.queryByTestId('date-in-words')).toBeNull();
  });

  it('parses month/day/year only', () => {
    expect(parseDateInput('12/31/2000')?.getDate()).toBe(31);
    expect(parseDateInput('02/30/2000')).toBeNull();
    expect(parseDateInput('31/12/2000')).toBeNull();
    expect(parseDateInput('2000-12-31')).toBeNull();
    expect(maskDateInput('12312000')).toBe('12/31/2000');
  });

  it('shows "Date input not valid." for an invalid date after leaving the field', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DatePicker label="Дата рождения" value={null} onChange={onChange} />);
    const input = screen.getByLabelText('Дата рождения');
    await user.type(input, '13452000');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_DATE_MESSAGE);
    expect(onChange).toHaveBeenLastCalledWith(null);
    await user.clear(input);
    await user.type(input, '01152000');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((onChange.mock.lastCall?.[0] as Date).getMonth()).toBe(0);
  });

  it('reads a date typed the Russian way (day.month.year) and shows it as month/day/year', async () => {
    expect(maskDateInput('01.05.1990')).toBe('05/01/1990');
    expect(maskDateInput('31.12.2000')).toBe('12/31/2000');
    expect(maskDateInput('1.5.1990')).toBe('05/01/1990');
    expect(maskDateInput('31.02.2000')).toBe('31.02.2000');
    expect(parseDateInput(maskDateInput('31.02.2000'))).toBeNull();
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DatePicker label="Дата рождения" value={null} onChange={onChange} />);
    const input = screen.getByLabelText('Дата рождения');
    await user.type(input, '01.05.1990');
    expect(input).toHaveValue('05/01/1990');
    const date = onChange.mock.lastCall?.[0] as Date;
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([1990, 4, 1]);
    await user.clear(input);
    await user.type(input, '31.12.2000');
    await user.tab();
    expect(input).toHaveValue('12/31/2000');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens a Russian calendar starting on Monday', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <DatePicker label="Дата" value={new Date(2024, 0, 15)} onChange={() => {}} />,
    );
    await user.click(screen.getByRole('button', { name: 'Выбрать дату в календаре' }));
    // The calendar's code loads on the first opening: give it more than waitFor's 5 s on a busy machine.
    await waitFor(() => expect(container.querySelectorAll('th.rdp-weekday')).toHaveLength(7), {
      timeout: 10_000,
    });
    const headers = [...container.querySelectorAll('th.rdp-weekday')].map((th) =>
      th.getAttribute('aria-label'),
    );
    expect(headers[0]).toMatch(/понедельник/i);
    expect(headers[6]).toMatch(/воскресенье/i);
    // Longer than the waitFor above: the first opening transforms react-day-picker and date-fns
    // (the web tests run every library through Vite since decision 035).
  }, 20_000);
});
