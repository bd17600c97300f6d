// Text inputs (docs/product.md §4, §5, §9): a floating label that rises when focused or filled; 56 px
// (large, default) or 50 px (small). The e-mail input and the two digit-only masked inputs
// build on it.
import { useId, useState, type InputHTMLAttributes } from 'react';
import { keepFiltered } from '../../lib/filtered-input.ts';
import { maskDigits12, maskSeries } from '../../lib/masks.ts';
import './text-field.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'value' | 'onChange'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  size?: 'small' | 'large';
  error?: string;
  /** Applied to every change before it reaches onValueChange. */
  mask?: (value: string) => string;
};

export function TextField({
  label,
  value,
  onValueChange,
  size = 'large',
  error,
  mask,
  onFocus,
  onBlur,
  id,
  className,
  placeholder,
  ...rest
}: Props) {
  const generated = useId();
  const inputId = id ?? generated;
  const [focused, setFocused] = useState(false);
  const raised = focused || value.length > 0;
  const classes = ['text-field', `text-field--${size}`];
  if (raised) classes.push('text-field--raised');
  if (focused) classes.push('text-field--focused');
  if (error) classes.push('text-field--error');
  if (className) classes.push(className);
  return (
    <div className={classes.join(' ')}>
      <label className="text-field__box" htmlFor={inputId}>
        <span className="text-field__label">{label}</span>
        <input
          {...rest}
          id={inputId}
          value={value}
          // The label sits where the placeholder would be until it rises: the hint shows only then.
          placeholder={raised ? placeholder : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) =>
            onValueChange(mask ? keepFiltered(event.currentTarget, mask) : event.currentTarget.value)
          }
          onFocus={(event) => {
            setFocused(true);
            onFocus?.(event);
          }}
          onBlur={(event) => {
            setFocused(false);
            onBlur?.(event);
          }}
        />
      </label>
      {error && (
        <p id={`${inputId}-error`} className="text-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type FieldProps = Omit<Props, 'mask' | 'type' | 'inputMode'>;

/** E-mail type, e-mail keyboard, autofill (docs/product.md §5). */
export function EmailField(props: FieldProps) {
  return (
    <TextField
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="off"
      spellCheck={false}
      {...props}
    />
  );
}

// No maxLength on the masked fields: the browser would cut a paste such as «ИНН: 500100732259»
// to its first characters before the mask could drop the words; the mask keeps the limit.

/** Digits only, at most 12 (docs/product.md §5). */
export function Digits12Field(props: FieldProps) {
  return <TextField inputMode="numeric" mask={maskDigits12} {...props} />;
}

/** Digits only, at most 4, shown as "12 34" (docs/product.md §5). */
export function SeriesField(props: FieldProps) {
  return <TextField inputMode="numeric" mask={maskSeries} {...props} />;
}
