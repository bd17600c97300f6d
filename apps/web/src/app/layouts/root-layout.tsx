// The root of every page: runs the session start once and shows a spinner until it is done, or
// the text "error" when it fails (docs/product.md §4 and §8). Meanwhile the home page's shared
// reads (the category tree on catalogue pages) start, so that the page draws with them when the
// spinner goes (docs/decisions/026).
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FullScreenSpinner } from '../../components/ui/spinner.tsx';
import { AppShell } from '../app-shell.tsx';
import { startSession } from '../session-start.ts';

type Status = 'loading' | 'ready' | 'error';

let sessionStart: Promise<void> | undefined;

/**
 * Starts the session (and the page's shared reads) once per page load. main.tsx calls it before the
 * first render, so sign-in does not wait for the page's lazy code (docs/decisions/033); the steps
 * of the session start are those of session-start.ts, unchanged.
 */
export function beginSessionStart(queryClient: QueryClient): Promise<void> {
  const path = window.location.pathname;
  if (!sessionStart && (path === '/' || path.startsWith('/catalog'))) {
    void import('../routes/home-prefetch.ts').then(({ prefetchHome, prefetchCategories }) =>
      path === '/'
        ? prefetchHome(queryClient)
        : path.startsWith('/catalog') && prefetchCategories(queryClient),
    );
  }
  sessionStart ??= startSession(queryClient);
  return sessionStart;
}

export function RootLayout() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('loading');

  useEffect(() => {
    let active = true;
    // Once per page load, even when React mounts effects twice in development.
    beginSessionStart(queryClient).then(
      () => active && setStatus('ready'),
      (error: unknown) => {
        console.error('Session start failed', error);
        if (active) setStatus('error');
      },
    );
    return () => {
      active = false;
    };
  }, [queryClient]);

  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'error') return <div className="fullscreen-center session-error">error</div>;
  return <AppShell />;
}
