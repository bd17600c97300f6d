// What the dev-login mock records of the app's calls to Telegram (apps/web/src/telegram/mock-env.ts).
declare global {
  interface Window {
    __telegramCalls?: { name: string; params: unknown }[];
  }
}
export {};
