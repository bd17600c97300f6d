// Telegram wiring. At boot, without the SDK (bridge.ts): the theme's CSS variables from the launch
// parameters (and from every theme the client sends later: the phone turned dark while the app is
// open), expand, and readiness for the session start. Once the first screen is idle (sdk.ts):
// @tma.js init, the theme, mini app and viewport components with their CSS variables (the safe-area
// insets may be 0 at first and change later: the bound variables follow them).
import type * as TmaSdk from './tma.ts';
import { onTelegramEvent, postEvent, readLaunchParams, releaseReceivers } from './bridge.ts';

type Sdk = typeof TmaSdk;

/** The theme's colours as CSS variables, named as @tma.js's bindCssVars names them. */
function applyTheme(theme: unknown): void {
  if (!theme || typeof theme !== 'object') return;
  for (const [key, value] of Object.entries(theme)) {
    if (typeof value !== 'string') continue;
    document.documentElement.style.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, value);
  }
}

export function startTelegram(): void {
  const theme = readLaunchParams()?.get('tgWebAppThemeParams');
  if (theme) {
    try {
      applyTheme(JSON.parse(theme));
    } catch (error) {
      console.warn('Telegram theme parameters are not valid', error);
    }
  }
  // A theme the client sends while the app is open is followed at once, before the SDK has loaded
  // too (once it has, its bound variables follow the same event with the same values).
  onTelegramEvent('theme_changed', (data) =>
    applyTheme((data as { theme_params?: unknown } | undefined)?.theme_params),
  );
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
    // After a reload the SDK restores the theme it had stored, which may be older than one the
    // client sent meanwhile (the phone turned dark while the app loaded): ask for the current one.
    postEvent('web_app_request_theme');
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
