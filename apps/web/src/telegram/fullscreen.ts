// Telegram's full screen (Mini Apps 8.0, docs/decisions/055) for the product's pictures: while the
// lightbox is open the app asks the client for full screen, and on closing leaves it again, but
// only when it was the lightbox that entered it. Through the SDK's viewport (mounted at start-up,
// telegram/init.ts); an older client, or one that refuses, keeps the lightbox inside the app's
// frame as before.
import { useEffect } from 'react';
import { supports } from './bridge.ts';
import { loadSdk } from './sdk.ts';

const TIMEOUT_MS = 3000;

/** Full screen while `active` (and the component is mounted). */
export function useTelegramFullscreen(active: boolean): void {
  useEffect(() => {
    if (!active || !supports('8.0')) return;
    let entered: Promise<boolean> = loadSdk().then(
      async ({ viewport }) => {
        if (!viewport.requestFullscreen.isAvailable() || viewport.isFullscreen()) return false;
        await viewport.requestFullscreen({ timeout: TIMEOUT_MS });
        return true;
      },
      () => false,
    );
    entered = entered.catch((error: unknown) => {
      console.warn('Telegram full screen was refused', error);
      return false;
    });
    return () => {
      void entered.then(async (mine) => {
        if (!mine) return;
        try {
          const { viewport } = await loadSdk();
          if (viewport.exitFullscreen.isAvailable() && viewport.isFullscreen())
            await viewport.exitFullscreen({ timeout: TIMEOUT_MS });
        } catch (error) {
          console.warn('Telegram full screen could not be left', error);
        }
      });
    };
  }, [active]);
}
