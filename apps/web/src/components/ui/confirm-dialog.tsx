// Confirmation dialog (docs/product.md §2): a bottom sheet sliding up over a dimmed backdrop in 0.3 s, with
// the default buttons Confirm / Cancel. Registered in the layer stack (closed by back last).
// Rendered straight into <body> when it opens: an open drawer marks everything that existed beside
// it aria-hidden (the app root included), which would hide a confirmation asked from inside the
// drawer from screen readers.
import { createPortal } from 'react-dom';
import { useConfirmStore } from './confirm-store.ts';
import { useLayer } from './use-layer.ts';
import './confirm-dialog.css';

export function ConfirmDialogHost() {
  const pending = useConfirmStore((s) => s.pending);
  const settle = useConfirmStore((s) => s.settle);
  useLayer('confirm', pending !== null, () => settle(false));
  if (!pending) return null;
  const { title, message, confirmText = 'Confirm', cancelText = 'Cancel', destructive } = pending;
  return createPortal(
    <div className="confirm-sheet" role="presentation">
      <div className="confirm-sheet__backdrop" onClick={() => settle(false)} />
      <div
        className="confirm-sheet__panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
      >
        <h2 id="confirm-title" className="confirm-sheet__title">
          {title}
        </h2>
        {message && <p className="confirm-sheet__message">{message}</p>}
        <div className="confirm-sheet__buttons">
          <button
            type="button"
            className={`confirm-sheet__confirm${destructive ? ' confirm-sheet__confirm--destructive' : ''}`}
            onClick={() => settle(true)}
          >
            {confirmText}
          </button>
          <button type="button" className="confirm-sheet__cancel" onClick={() => settle(false)}>
            {cancelText}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
