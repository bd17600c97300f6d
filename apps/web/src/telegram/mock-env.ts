// Dev login: outside Telegram, when the server allows it, fetch init data the server signed for
// the demo shopper and mock the Telegram environment around it, answering what a Telegram client
// would (viewport, safe area, theme, CloudStorage). Never used inside Telegram. By hand, as
// @tma.js's mockTelegramEnv does it (bridge.ts): the launch parameters in session storage and a
// webview proxy that records and answers what the app posts; the SDK is not on the first screen.
import type { DevInitDataResponseSchema } from '@shop/contract';
import type * as TmaSdk from './tma.ts';
import { api, type Answer } from '../lib/api-client.ts';
import { emitEvent, readLaunchParams, storeLaunchParams } from './bridge.ts';
import { readString, storageKeys, writeString } from '../lib/storage.ts';
import { DARK_THEME, LIGHT_THEME, prefersDarkTheme } from './theme.ts';

const DEV_MOCK_FLAG = 'shop/dev-mock';
/** Set to `fail`: the dev mock's share dialog fails to send a prepared card (browser tests). */
export const DEV_SHARE_KEY = 'shop/dev-share';
/** A position (`{"lat":…,"lon":…}`) the dev mock's LocationManager answers; unset: unavailable. */
export const DEV_LOCATION_KEY = 'shop/dev-location';

function devLocation(): { lat: number; lon: number } | null {
  try {
    const raw = readString(DEV_LOCATION_KEY, 'session');
    return raw ? (JSON.parse(raw) as { lat: number; lon: number }) : null;
  } catch {
    return null;
  }
}
const CLOUD_PREFIX = 'shop/dev-cloud/';

/** Whether this page runs under the dev login's mock rather than inside a Telegram client. */
export const isDevTelegramMock = (): boolean => readString(DEV_MOCK_FLAG, 'session') === '1';

export type TelegramCall = { name: string; params: unknown };

declare global {
  interface Window {
    /** What the app asked of Telegram, recorded by the dev mock for browser tests. */
    __telegramCalls?: TelegramCall[];
  }
}

type CustomMethod = { method: string; params: Record<string, unknown>; req_id: string };

function answerCloudStorage({ method, params, req_id }: CustomMethod) {
  const reply = (result: unknown) => emitEvent('custom_method_invoked', { req_id, result });
  switch (method) {
    case 'getStorageValues': {
      const keys = (params.keys as string[] | undefined) ?? [];
      reply(Object.fromEntries(keys.map((k) => [k, readString(CLOUD_PREFIX + k) ?? ''])));
      return;
    }
    case 'saveStorageValue':
      writeString(CLOUD_PREFIX + String(params.key), String(params.value));
      reply(true);
      return;
    case 'deleteStorageValues':
      for (const k of (params.keys as string[] | undefined) ?? []) writeString(CLOUD_PREFIX + k, null);
      reply(true);
      return;
    case 'getStorageKeys': {
      reply(
        storageKeys().flatMap((key) =>
          key.startsWith(CLOUD_PREFIX) ? [key.slice(CLOUD_PREFIX.length)] : [],
        ),
      );
      return;
    }
    default:
      emitEvent('custom_method_invoked', { req_id, error: 'UNKNOWN_METHOD' });
  }
}

let mockedOnEvent: ((name: string, params: unknown) => void) | undefined;

/**
 * Once @tma.js has loaded: inside a frame it posts to the parent window rather than the proxy, so
 * the mock also answers there (what mockTelegramEnv does).
 */
export function mockTelegramSdk(sdk: typeof TmaSdk): void {
  const onEvent = mockedOnEvent;
  if (!onEvent || window.self === window.top) return;
  sdk.mockTelegramEnv({ resetPostMessage: true, onEvent: (event) => onEvent(event.name, event.params) });
}

function viewportPayload() {
  return { height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true };
}

/**
 * Installs the dev mock when the page is not inside Telegram (or was mocked by us before, so a
 * reload gets fresh init data). Returns false when the server offers no dev login.
 */
export async function installDevTelegramMock(): Promise<boolean> {
  const mockedBefore = readString(DEV_MOCK_FLAG, 'session') === '1';
  const inTelegram = !!window.TelegramWebviewProxy || readLaunchParams() !== null;
  if (inTelegram && !mockedBefore) return true;

  let initData: string;
  try {
    ({ initData } = (await api<Answer<typeof DevInitDataResponseSchema>>('/v1/dev/init-data')).result);
  } catch {
    return false;
  }
  const startParam = new URLSearchParams(window.location.search).get('tgWebAppStartParam');
  let theme: typeof LIGHT_THEME | typeof DARK_THEME = prefersDarkTheme() ? DARK_THEME : LIGHT_THEME;
  const launchParams = new URLSearchParams({
    tgWebAppPlatform: 'android',
    tgWebAppVersion: '8.4',
    tgWebAppData: initData,
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  if (startParam) launchParams.set('tgWebAppStartParam', startParam);

  const calls: TelegramCall[] = [];
  window.__telegramCalls = calls;
  storeLaunchParams(launchParams.toString());
  const onEvent = (name: string, params: unknown) => {
    calls.push({ name, params });
    switch (name) {
      // The viewport's answers come in a later task, as a client's answer does: answered inside the
      // SDK's viewport mount, they (and the window's size read for them) made one long task of the
      // mount after idle (docs/decisions/083).
      case 'web_app_request_viewport':
        setTimeout(() => emitEvent('viewport_changed', viewportPayload()), 0);
        break;
      case 'web_app_request_safe_area':
        setTimeout(() => emitEvent('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }), 0);
        break;
      case 'web_app_request_content_safe_area':
        setTimeout(() => emitEvent('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }), 0);
        break;
      case 'web_app_request_theme':
        emitEvent('theme_changed', { theme_params: theme });
        break;
      case 'web_app_invoke_custom_method':
        answerCloudStorage(params as CustomMethod);
        break;
      // LocationManager (Mini Apps 8.0): available only when a position was put in session storage.
      case 'web_app_check_location':
        emitEvent(
          'location_checked',
          devLocation()
            ? { available: true, access_requested: true, access_granted: true }
            : { available: false },
        );
        break;
      case 'web_app_request_location': {
        const at = devLocation();
        emitEvent(
          'location_requested',
          at ? { available: true, latitude: at.lat, longitude: at.lon } : { available: false },
        );
        break;
      }
      // Full screen (Mini Apps 8.0): granted at once.
      case 'web_app_request_fullscreen':
        emitEvent('fullscreen_changed', { is_fullscreen: true });
        break;
      case 'web_app_exit_fullscreen':
        emitEvent('fullscreen_changed', { is_fullscreen: false });
        break;
      // Home screen (Mini Apps 8.0): not added until the shopper agrees to the client's prompt.
      case 'web_app_check_home_screen':
        emitEvent('home_screen_checked', { status: 'missed' });
        break;
      case 'web_app_add_to_home_screen':
        emitEvent('home_screen_added');
        break;
      // shareMessage (Mini Apps 8.0): the shopper picks a chat and the card is sent.
      case 'web_app_send_prepared_message':
        if (readString(DEV_SHARE_KEY, 'session') === 'fail')
          emitEvent('prepared_message_failed', { error: 'MESSAGE_SEND_FAILED' });
        else emitEvent('prepared_message_sent');
        break;
      case 'web_app_open_link':
        window.open((params as { url: string }).url, '_blank', 'noopener');
        break;
      default:
        break;
    }
  };
  window.TelegramWebviewProxy = {
    postEvent(name, data) {
      onEvent(name, data ? (JSON.parse(data) as unknown) : undefined);
    },
  };
  mockedOnEvent = onEvent;
  writeString(DEV_MOCK_FLAG, '1', 'session');
  // Telegram follows the phone's theme while the app is open: when the system's scheme changes (a
  // browser test's emulateMedia), the mock sends the other palette as the client does, and keeps
  // it for a reload. Not when the address asked for a theme (?theme=).
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', () => {
    const next = prefersDarkTheme() ? DARK_THEME : LIGHT_THEME;
    if (next === theme) return;
    theme = next;
    launchParams.set('tgWebAppThemeParams', JSON.stringify(theme));
    storeLaunchParams(launchParams.toString());
    emitEvent('theme_changed', { theme_params: theme });
  });
  return true;
}
