// Linted as apps/web/src/app/sdk-outside-telegram.ts: the Telegram SDK outside src/telegram.
import { backButton } from '@tma.js/sdk-react';

export const show = () => backButton.show.ifAvailable();
