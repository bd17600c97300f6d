// The root of every page: runs the session start once and shows a spinner until it is done, or
// the text "error" when it fails (docs/product.md §4 and §8). Meanwhile the home page's shared
// reads (the category tree on catalogue pages) start, so that the page draws with them when the
// spinner goes (docs/decisions/026). While the spinner shows, the app is already rendered behind
// it in a hidden Activity: React builds the page in the time the network leaves the CPU idle, runs
// none of its effects (no request goes out before sign-in), and when the session is ready only
// reveals it, so the page paints a commit after the session instead of a whole render after it
// (docs/decisions/044). The server's HTML may already paint the page under the spinner: it is
// removed in the commit that reveals the app's own (docs/decisions/051).
import { useQueryClient } from '@tanstack/react-query';
import { Activity, startTransition, Suspense, use, useEffect, useLayoutEffect, useState } from 'react';
import { FullScreenSpinner } from '../../components/ui/spinner.tsx';
import { AppShell } from '../app-shell.tsx';
import { dropFirstPaint, FirstPaintHandOff } from '../../lib/first-paint.ts';
import { beginSessionStart, paintedPageReads } from '../session-start.ts';

type Status = 'loading' | 'ready' | 'error';

export function RootLayout() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('loading');

  useEffect(() => {
    let active = true;
    // Once per page load, even when React mounts effects twice in development.
    beginSessionStart(queryClient).then(
      // A transition: what of the page the hidden Activity has not built yet is rendered in slices
      // that yield to the browser, not in one long task (docs/decisions/067).
      () => active && startTransition(() => setStatus('ready')),
      (error: unknown) => {
        console.error('Session start failed', error);
        if (active) setStatus('error');
      },
    );
    return () => {
      active = false;
    };
  }, [queryClient]);

  if (status === 'error') return <SessionError />;
  return (
    <>
      {status === 'loading' && <FullScreenSpinner />}
      <Activity mode={status === 'ready' ? 'visible' : 'hidden'}>
        {/* A page still loading when the session is ready shows the spinner in its place. */}
        <Suspense fallback={<FullScreenSpinner />}>
          <PaintedPageReads />
          <AppShell />
          {/* The server's painted first screen goes in the commit that shows the page (decision 051). */}
          <FirstPaintHandOff />
        </Suspense>
      </Activity>
    </>
  );
}

/** Holds the page's render until the reads of a painted first screen are in the cache (decision 051). */
function PaintedPageReads(): null {
  const [reads] = useState(paintedPageReads);
  if (reads) use(reads);
  return null;
}

function SessionError() {
  useLayoutEffect(dropFirstPaint, []);
  return <div className="fullscreen-center session-error">error</div>;
}
