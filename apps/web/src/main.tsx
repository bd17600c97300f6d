// Boot: wire Telegram by hand (or the dev-login mock outside it), start the session, then load and
// render the app; the SDK follows once the first screen is idle. Outside Telegram without dev login
// there is no user, and the spec's "error" is shown. This module and what it imports are small, and
// hold no React DOM: the session starts before React DOM, the router and the pages have downloaded
// (docs/decisions/042, 044).
import { createQueryClient } from './app/query-client.ts';
import { beginSessionStart } from './app/session-start.ts';
import { installConsoleInterceptor } from './features/debug-console/console-interceptor.ts';
import { modulesAfterPaint } from './lib/modules-after-paint.ts';
import { startTelegram, startTelegramSdk } from './telegram/init.ts';
import { installDevTelegramMock, mockTelegramSdk } from './telegram/mock-env.ts';
import { holdSdk } from './telegram/sdk.ts';
import './styles.css';

async function boot() {
  installConsoleInterceptor();
  const container = document.getElementById('root')!;
  // §4's "error", as RootLayout shows it when the session start fails (no React needed for it).
  const showError = () => {
    const error = document.createElement('div');
    error.className = 'fullscreen-center session-error';
    error.textContent = 'error';
    container.replaceChildren(error);
    document.getElementById('first-paint')?.remove();
    document.getElementById('first-paint-drawer')?.remove();
  };
  if (!(await installDevTelegramMock())) return showError();
  startTelegram();
  // The SDK loads once the first screen is idle (app-shell.tsx, docs/decisions/026).
  holdSdk((sdk) => {
    mockTelegramSdk(sdk);
    return startTelegramSdk(sdk);
  });
  const queryClient = createQueryClient();
  // The session starts now, while the app's code loads (docs/decisions/033, 042).
  void beginSessionStart(queryClient).catch(() => {});
  // A painted product sheet: its picture first, then the app's code (decision 069).
  await modulesAfterPaint();
  const app = await import('./app/render-app.tsx').catch((error: unknown) => {
    console.error('The app failed to load', error);
    return null;
  });
  if (!app) return showError();
  app.renderApp(container, queryClient);
}

void boot();
