// What the dev-login mock records of the app's calls to Telegram (apps/web/src/telegram/mock-env.ts).
declare global {
  interface Window {
    __telegramCalls?: { name: string; params: unknown }[];
    /** A Telegram client's bridge (a spec's stand-in client: e2e/write-access.spec.ts). */
    TelegramWebviewProxy?: { postEvent: (eventType: string, eventData?: string) => void };
  }
}
export {};
