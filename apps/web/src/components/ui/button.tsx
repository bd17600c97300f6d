// The primary button (docs/product.md §2): variants primary, secondary, light-primary, error, badge,
// badge-active; sizes small, medium, large, badge; optionally fixed to the bottom, full width,
// at most 606 px.
import type { ButtonHTMLAttributes } from 'react';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'light-primary' | 'error' | 'badge' | 'badge-active';
export type ButtonSize = 'small' | 'medium' | 'large' | 'badge';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Fixed to the bottom of the screen above the safe area. */
  fixed?: boolean;
  fullWidth?: boolean;
  loading?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'large',
  fixed = false,
  fullWidth = false,
  loading = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: Props) {
  const classes = ['button', `button--${variant}`, `button--${size}`];
  if (fullWidth || fixed) classes.push('button--full');
  if (loading) classes.push('button--loading');
  if (className) classes.push(className);
  const button = (
    <button
      {...rest}
      type={type}
      className={classes.join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <span className="button__spinner" aria-hidden="true" /> : null}
      <span className="button__label">{children}</span>
    </button>
  );
  return fixed ? <div className="button-dock">{button}</div> : button;
}
