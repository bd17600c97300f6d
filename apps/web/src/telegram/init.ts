// All Telegram SDK wiring: init, the components the app uses, theme and safe-area CSS variables,
// expand. Inside Telegram this talks to the client; in dev login, to the mock of mock-env.ts.
import { backButton, init, miniApp, themeParams, viewport } from '@tma.js/sdk-react';

export async function initTelegram(): Promise<void> {
  init();

  if (themeParams.mount.isAvailable()) {
    themeParams.mount();
    if (themeParams.bindCssVars.isAvailable()) themeParams.bindCssVars();
  }
  if (miniApp.mount.isAvailable()) {
    miniApp.mount();
    if (miniApp.bindCssVars.isAvailable()) miniApp.bindCssVars();
  }
  if (backButton.mount.isAvailable()) backButton.mount();

  if (viewport.mount.isAvailable()) {
    try {
      await viewport.mount({ timeout: 3000 });
      // Safe-area insets may be 0 now and change later: the bound variables follow them.
      if (viewport.bindCssVars.isAvailable()) viewport.bindCssVars();
      if (viewport.expand.isAvailable()) viewport.expand();
    } catch (error) {
      console.warn('Telegram viewport is not available', error);
    }
  }
}

/** Tells the Telegram client the app is ready to be shown (docs/product.md §4, session start). */
export function signalReady(): void {
  if (miniApp.ready.isAvailable()) miniApp.ready();
}
