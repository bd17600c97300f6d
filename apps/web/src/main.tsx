// Boot: wire Telegram by hand (or the dev-login mock outside it), then render the app; the SDK
// follows once the first screen is idle. Outside Telegram without dev login there is no user, and
// the spec's "error" is shown.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './app/query-client.ts';
import { beginSessionStart } from './app/layouts/root-layout.tsx';
import { createRouter } from './app/router.tsx';
import { installConsoleInterceptor } from './features/debug-console/console-interceptor.ts';
import { startTelegram, startTelegramSdk } from './telegram/init.ts';
import { installDevTelegramMock, mockTelegramSdk } from './telegram/mock-env.ts';
import { holdSdk } from './telegram/sdk.ts';
import './styles.css';

async function boot() {
  installConsoleInterceptor();
  const root = createRoot(document.getElementById('root')!);
  const inTelegram = await installDevTelegramMock();
  if (!inTelegram) {
    root.render(<div className="fullscreen-center session-error">error</div>);
    return;
  }
  startTelegram();
  // The SDK loads once the first screen is idle (app-shell.tsx, docs/decisions/026).
  holdSdk((sdk) => {
    mockTelegramSdk(sdk);
    return startTelegramSdk(sdk);
  });
  const queryClient = createQueryClient();
  // The session starts now, while the router loads the page's code (docs/decisions/033).
  void beginSessionStart(queryClient).catch(() => {});
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createRouter()} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void boot();
