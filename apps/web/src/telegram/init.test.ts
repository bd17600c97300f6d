import { afterEach, describe, expect, it } from 'vitest';
import { emitEvent, storeLaunchParams } from './bridge.ts';
import { startTelegram } from './init.ts';
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
});
