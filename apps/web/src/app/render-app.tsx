// The app itself: React DOM, the router with every route, under the query client. main.tsx loads it
// after it has started the session, so sign-in and the profile are on their way while this code —
// React DOM above all — downloads (docs/decisions/042, 044); the server preloads it with the HTML.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './router.tsx';

export function renderApp(container: HTMLElement, queryClient: QueryClient): void {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppRouter />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
