// What Telegram handed the app at launch, and closing the app: the only readers of the SDK's
// launch parameters.
import { miniApp, retrieveLaunchParams, retrieveRawInitData } from '@tma.js/sdk-react';

/** The raw init data (signed by Telegram) and its parsed form; null outside Telegram. */
export function readInitData(): { raw: string; unsafe: Record<string, unknown> } | null {
  try {
    const raw = retrieveRawInitData();
    const unsafe = retrieveLaunchParams().tgWebAppData;
    return raw && unsafe ? { raw, unsafe } : null;
  } catch {
    return null;
  }
}

/** The `startapp` parameter the app was opened with. */
export function readStartParam(): string | undefined {
  try {
    return retrieveLaunchParams().tgWebAppStartParam;
  } catch {
    return undefined;
  }
}

export const closeApp = () => miniApp.close.ifAvailable();
