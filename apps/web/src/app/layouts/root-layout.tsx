// The root of every page: runs the session start once and shows a spinner until it is done, or
// the text "error" when it fails (docs/product.md §4 and §8). Meanwhile the home page's shared
// reads (the category tree on catalogue pages) start, so that the page draws with them when the
// spinner goes (docs/decisions/026).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FullScreenSpinner } from '../../components/ui/spinner.tsx';
import { AppShell } from '../app-shell.tsx';
import { beginSessionStart } from '../session-start.ts';

type Status = 'loading' | 'ready' | 'error';

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
