// What Telegram handed the app at launch, and closing the app: the only readers of the launch
// parameters (read by hand, bridge.ts: the SDK is not on the first screen).
import { postEvent, readLaunchParams } from './bridge.ts';

const JSON_FIELDS = new Set(['user', 'receiver', 'chat']);

/** The raw init data (signed by Telegram) and its parsed form; null outside Telegram. */
export function readInitData(): { raw: string; unsafe: Record<string, unknown> } | null {
  const raw = readLaunchParams()?.get('tgWebAppData');
  if (!raw) return null;
  try {
    const unsafe: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(raw)) {
      unsafe[key] = JSON_FIELDS.has(key) ? JSON.parse(value) : key === 'auth_date' ? Number(value) : value;
    }
    return { raw, unsafe };
  } catch {
    return null;
  }
}

/** The `startapp` parameter the app was opened with. */
export function readStartParam(): string | undefined {
  return readLaunchParams()?.get('tgWebAppStartParam') ?? undefined;
}

export const closeApp = () => {
  postEvent('web_app_close');
};
