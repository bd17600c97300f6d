// The app itself: the router with every route, under the query client. main.tsx loads it after it
// has started the session, so sign-in and the profile are on their way while this code downloads
// (docs/decisions/042); the server preloads it with the HTML.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './router.tsx';

export function renderApp(root: Root, queryClient: QueryClient): void {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createRouter()} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
