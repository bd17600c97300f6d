// blogger/initial: the partnership's landing and the application form (research §5.3); with an
// application waiting or needing changes, the form edits it.
import { Navigate } from 'react-router';
import { BloggerInitialView } from '../../../features/programmes/components/blogger-initial-view.tsx';
import { useSessionStore } from '../../../features/session/session-store.ts';
import { BloggerGate, bloggerPageFor } from './use-blogger-gate.tsx';
import { paths } from '../../../lib/paths.ts';

export function Component() {
  const username = useSessionStore((s) => s.user?.username ?? null);
  return (
    <section>
      <h1 className="page-title">Стать партнёром</h1>
      <BloggerGate allowed={['initial', 'moder']}>
        {(state) => {
          const editable = state.status === 'pending' || state.status === 'changes_requested';
          if (!editable && bloggerPageFor(state) !== 'initial')
            return <Navigate to={paths.bloggerModer} replace />;
          return <BloggerInitialView existing={editable ? state.application : null} username={username} />;
        }}
      </BloggerGate>
    </section>
  );
}
