// Drawers on vaul (docs/product.md §4, §9): bottom, top and full-screen variants, side drawers 3/4 wide, at
// most 640 px; close threshold 0.25, scroll lock 100 ms, 0.5 s animation and 0.4 drag velocity
// (vaul's own), overlay black 30 %. Each open drawer registers in the shared layer stack; a click
// on a toast or the lightbox does not dismiss it.
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Drawer as Vaul } from 'vaul';
import { afterPaint } from '../../lib/after-paint.ts';
import { useLayer } from './use-layer.ts';
import './drawer.css';

export type DrawerVariant = 'bottom' | 'top' | 'full' | 'left' | 'right';

export const DRAWER_CLOSE_THRESHOLD = 0.25;
export const DRAWER_SCROLL_LOCK_MS = 100;

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  variant?: DrawerVariant;
  /** Accessible title; shown as a heading unless `hideTitle`. */
  title: string;
  hideTitle?: boolean;
  description?: string;
  children: ReactNode;
  className?: string;
  /** Mounted open, it is there at once instead of sliding in (a product opened by its address). */
  atRest?: boolean;
};

/** Pointer-downs inside these do not count as "outside" the drawer. */
const KEEP_OPEN_SELECTOR = '[data-sonner-toaster], .yarl__root, .debug-console, .confirm-sheet';

function keepOpenOnToastOrLightbox(event: { target: EventTarget | null; preventDefault: () => void }) {
  if (event.target instanceof Element && event.target.closest(KEEP_OPEN_SELECTOR)) event.preventDefault();
}

export function Drawer({
  open,
  onOpenChange,
  variant = 'bottom',
  title,
  hideTitle,
  description,
  children,
  className,
  atRest = false,
}: Props) {
  useLayer('drawer', open, () => onOpenChange(false));
  const direction = variant === 'full' ? 'bottom' : variant;
  // At rest (a page opened by its address, the server's painted sheet still over this one), the
  // overlay comes in a transition after the sheet's first paint: its Radix parts (the scroll lock,
  // which reads the page's style and adds a stylesheet, and its presence, which reads the
  // overlay's) set state while React commits, which renders again and runs every effect of the
  // commit in the same task; with the sheet's, that was one long task (docs/decisions/083). The
  // overlay lies under the sheet there, and nothing takes a tap in that frame.
  const [overlaid, setOverlaid] = useState(!atRest);
  if (!overlaid && !atRest) setOverlaid(true);
  useEffect(() => {
    if (overlaid || !open) return;
    return afterPaint(() => startTransition(() => setOverlaid(true)));
  }, [overlaid, open]);
  return (
    <Vaul.Root
      open={open}
      onOpenChange={onOpenChange}
      direction={direction}
      closeThreshold={DRAWER_CLOSE_THRESHOLD}
      scrollLockTimeout={DRAWER_SCROLL_LOCK_MS}
      repositionInputs={false}
    >
      <Vaul.Portal>
        {/* At rest: no opening animation (drawer.css); closing slides as always. Not vaul's
            `defaultOpen`, whose no-animation flag turns back on at the next render and starts the
            slide then. */}
        {overlaid && <Vaul.Overlay className={`drawer-overlay${atRest ? ' drawer--at-rest' : ''}`} />}
        <Vaul.Content
          className={`drawer drawer--${variant}${atRest ? ' drawer--at-rest' : ''}${className ? ` ${className}` : ''}`}
          onPointerDownOutside={keepOpenOnToastOrLightbox}
          onInteractOutside={keepOpenOnToastOrLightbox}
        >
          {(variant === 'bottom' || variant === 'full') && (
            <div className="drawer__handle" aria-hidden="true" />
          )}
          <Vaul.Title className={hideTitle ? 'visually-hidden' : 'drawer__title'}>{title}</Vaul.Title>
          <Vaul.Description className="visually-hidden">{description ?? title}</Vaul.Description>
          <div className="drawer__body">{children}</div>
          {variant === 'top' && <div className="drawer__handle drawer__handle--bottom" aria-hidden="true" />}
        </Vaul.Content>
      </Vaul.Portal>
    </Vaul.Root>
  );
}
