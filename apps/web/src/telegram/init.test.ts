import { afterEach, describe, expect, it } from 'vitest';
import { emitEvent, storeLaunchParams } from './bridge.ts';
import { startTelegram, startTelegramSdk } from './init.ts';
import { DARK_THEME, LIGHT_THEME } from './theme.ts';

const bg = () => document.documentElement.style.getPropertyValue('--tg-theme-bg-color');

describe('the theme before the SDK', () => {
  afterEach(() => {
    sessionStorage.clear();
    document.documentElement.removeAttribute('style');
  });

  it("takes the launch parameters' theme, then follows the client's theme_changed", () => {
    storeLaunchParams(
      new URLSearchParams({
        tgWebAppPlatform: 'android',
        tgWebAppVersion: '8.4',
        tgWebAppThemeParams: JSON.stringify(LIGHT_THEME),
      }).toString(),
    );
    startTelegram();
    expect(bg()).toBe(LIGHT_THEME.bg_color);

    // The phone turned dark while the app is open.
    emitEvent('theme_changed', { theme_params: DARK_THEME });
    expect(bg()).toBe(DARK_THEME.bg_color);
    expect(document.documentElement.style.getPropertyValue('--tg-theme-text-color')).toBe(
      DARK_THEME.text_color,
    );
  });

  it('asks the client for its current theme once the SDK has mounted its own (a reload restores a stale one)', async () => {
    const posted: string[] = [];
    window.TelegramWebviewProxy = { postEvent: (name) => void posted.push(name) };
    const available = <T extends object>(fn: T) => Object.assign(fn, { isAvailable: () => true });
    const unavailable = { mount: Object.assign(() => {}, { isAvailable: () => false }) };
    const mounted: string[] = [];
    const sdk = {
      init: () => {},
      themeParams: {
        mount: available(() => void mounted.push('theme')),
        bindCssVars: available(() => void mounted.push('vars')),
      },
      miniApp: unavailable,
      viewport: unavailable,
    } as unknown as Parameters<typeof startTelegramSdk>[0];
    try {
      await startTelegramSdk(sdk);
    } finally {
      delete window.TelegramWebviewProxy;
    }
    expect(mounted).toEqual(['theme', 'vars']);
    expect(posted).toEqual(['web_app_request_theme']);
  });
});
