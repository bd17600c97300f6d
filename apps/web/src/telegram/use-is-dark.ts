// Whether Telegram's current theme is dark, following changes, for the parts that pick their own
// colours (the toasts). It imports the SDK, so only code loaded after the first screen may use it.
import { miniApp, useSignal } from '@tma.js/sdk-react';

export const useIsDark = (): boolean => useSignal(miniApp.isDark);
