// Telegram's BackButton: shown or hidden, and one click handler at a time.
import { backButton } from '@tma.js/sdk-react';

export function showBackButton(show: boolean): void {
  if (show) backButton.show.ifAvailable();
  else backButton.hide.ifAvailable();
}

/** Listens to back presses; returns the cleanup. */
export function onBackButton(handler: () => void): () => void {
  const off = backButton.onClick.ifAvailable(handler);
  return () => {
    if (off.ok) off.data();
  };
}
