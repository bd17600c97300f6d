// Telegram's full screen (Mini Apps 8.0, docs/decisions/055) for the product's pictures: while the
// lightbox is open the app asks the client for full screen, and on closing leaves it again, but
// only when it was the lightbox that asked (an app the shopper made full screen stays so). Posted
// by hand through bridge.ts like the back button; the client's `fullscreen_changed` events tell
// whether the app is full screen. An older client, or one that refuses, keeps the lightbox inside
// the app's frame as before.
import { useEffect } from 'react';
import { onTelegramEvent, postEvent, supports } from './bridge.ts';

let fullscreen = false;
let listening = false;

function follow() {
  if (listening) return;
  listening = true;
  onTelegramEvent('fullscreen_changed', (data) => {
    fullscreen = (data as { is_fullscreen?: unknown } | undefined)?.is_fullscreen === true;
  });
}

/** Full screen while `active` (and the component is mounted). */
export function useTelegramFullscreen(active: boolean): void {
  useEffect(() => {
    if (!active || !supports('8.0')) return;
    follow();
    if (fullscreen) return;
    postEvent('web_app_request_fullscreen');
    return () => {
      postEvent('web_app_exit_fullscreen');
    };
  }, [active]);
}
