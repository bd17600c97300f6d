// Telegram's BackButton (Mini Apps 6.1+), by hand through bridge.ts: shown or hidden, and one click
// handler at a time.
import { onTelegramEvent, postEvent, supports } from './bridge.ts';

let shown: boolean | undefined;

export function showBackButton(show: boolean): void {
  if (show === shown || !supports('6.1')) return;
  shown = show;
  postEvent('web_app_setup_back_button', { is_visible: show });
}

/** Listens to back presses; returns the cleanup. */
export function onBackButton(handler: () => void): () => void {
  return onTelegramEvent('back_button_pressed', () => handler());
}
