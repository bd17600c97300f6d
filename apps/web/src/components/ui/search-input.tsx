// Search input (docs/product.md §4, §9): 42 px high; shows "cancel" while focused and "clear" while filled.
// Clear empties and refocuses; cancel clears, blurs and calls onCancel.
import {
  forwardRef,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type InputHTMLAttributes,
} from 'react';
import './search-input.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onSubmit'> & {
  value: string;
  onValueChange: (value: string) => void;
  onSubmit?: (value: string) => void;
  onCancel?: () => void;
  cancelText?: string;
  /** Show the cancel control even when the input is not focused (the overlay's own input). */
  alwaysShowCancel?: boolean;
};

export const SearchInput = forwardRef<HTMLInputElement, Props>(function SearchInput(
  {
    value,
    onValueChange,
    onSubmit,
    onCancel,
    cancelText = 'Отменить',
    placeholder = 'Search',
    alwaysShowCancel = false,
    onFocus,
    onBlur,
    className,
    autoFocus,
    ...rest
  },
  ref,
) {
  const inputRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => inputRef.current!);
  // Focused when it mounts: the same as React DOM's `autoFocus`, kept explicit so that the focus
  // does not depend on the renderer (docs/decisions/044).
  const focusOnMount = useRef(autoFocus);
  useEffect(() => {
    if (focusOnMount.current) inputRef.current?.focus();
  }, []);
  const [focused, setFocused] = useState(false);

  const clear = () => {
    onValueChange('');
    inputRef.current?.focus();
  };
  const cancel = () => {
    onValueChange('');
    inputRef.current?.blur();
    onCancel?.();
  };

  return (
    <form
      className={`search-input${className ? ` ${className}` : ''}`}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.(value);
      }}
    >
      <label className="search-input__field">
        <svg className="search-input__icon" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" />
          <path d="m16 16 4 4" />
        </svg>
        <input
          {...rest}
          ref={inputRef}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onValueChange(event.target.value)}
          onFocus={(event) => {
            setFocused(true);
            onFocus?.(event);
          }}
          onBlur={(event) => {
            setFocused(false);
            onBlur?.(event);
          }}
        />
        {value && (
          <button
            type="button"
            className="search-input__clear"
            aria-label="Очистить"
            onPointerDown={(event) => event.preventDefault()}
            onClick={clear}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="m8 8 8 8M16 8l-8 8" />
            </svg>
          </button>
        )}
      </label>
      {(focused || alwaysShowCancel) && (
        <button
          type="button"
          className="search-input__cancel"
          onPointerDown={(event) => event.preventDefault()}
          onClick={cancel}
        >
          {cancelText}
        </button>
      )}
    </form>
  );
});
