// Telegram wiring. At boot, without the SDK (bridge.ts): the theme's CSS variables from the launch
// parameters, expand, and readiness for the session start. Once the first screen is idle (sdk.ts):
// @tma.js init, the theme, mini app and viewport components with their CSS variables (the safe-area
// insets may be 0 at first and change later: the bound variables follow them).
import type * as TmaSdk from '@tma.js/sdk-react';
import { postEvent, readLaunchParams, releaseReceivers } from './bridge.ts';

type Sdk = typeof TmaSdk;

export function startTelegram(): void {
  const theme = readLaunchParams()?.get('tgWebAppThemeParams');
  if (theme) {
    try {
      for (const [key, value] of Object.entries(JSON.parse(theme) as Record<string, unknown>)) {
        if (typeof value !== 'string') continue;
        document.documentElement.style.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, value);
      }
    } catch (error) {
      console.warn('Telegram theme parameters are not valid', error);
    }
  }
  postEvent('web_app_expand');
}

/** A task of its own for what follows: a start-up in steps never blocks a tap for long. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Starts the SDK in steps, each in a task of its own (docs/decisions/041). */
export async function startTelegramSdk({ init, miniApp, themeParams, viewport }: Sdk): Promise<void> {
  releaseReceivers();
  init();
  await nextTask();
  if (themeParams.mount.isAvailable()) {
    themeParams.mount();
    if (themeParams.bindCssVars.isAvailable()) themeParams.bindCssVars();
  }
  await nextTask();
  if (miniApp.mount.isAvailable()) {
    miniApp.mount();
    if (miniApp.bindCssVars.isAvailable()) miniApp.bindCssVars();
  }
  await nextTask();
  if (viewport.mount.isAvailable()) {
    viewport.mount({ timeout: 3000 }).then(
      () => {
        if (viewport.bindCssVars.isAvailable()) viewport.bindCssVars();
      },
      (error: unknown) => console.warn('Telegram viewport is not available', error),
    );
  }
}

/** Tells the Telegram client the app is ready to be shown (docs/product.md §4, session start). */
export function signalReady(): void {
  postEvent('web_app_ready');
}
