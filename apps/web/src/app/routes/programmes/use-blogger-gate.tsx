// Which blogger page a shopper may see (research §5.2): no application → blogger/initial; waiting,
// changes requested or refused → blogger/moder; approved → blogger and the withdrawal pages.
import type { BloggerDashboard } from '@shop/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { useBlogger } from '../../../features/programmes/api/blogger.ts';

export type BloggerPage = 'initial' | 'moder' | 'dashboard';

/** Where this state belongs. */
export function bloggerPageFor(state: BloggerDashboard): BloggerPage {
  switch (state.status) {
    case 'none':
      return 'initial';
    case 'approved':
      return 'dashboard';
    case 'rejected':
      // A refused applicant may apply again once the date has passed.
      return state.application?.reapply_after && new Date(state.application.reapply_after) <= new Date()
        ? 'initial'
        : 'moder';
    default:
      return 'moder';
  }
}

const PATHS: Record<BloggerPage, string> = {
  initial: '/blogger/initial',
  moder: '/blogger/moder',
  dashboard: '/blogger',
};

/**
 * Renders `children(state)` when the shopper's state fits one of `allowed`, else redirects to the
 * page it belongs to.
 */
export function BloggerGate({
  allowed,
  children,
}: {
  allowed: BloggerPage[];
  children: (state: BloggerDashboard) => ReactNode;
}) {
  const blogger = useBlogger();
  if (blogger.isPending)
    return (
      <div className="pg" aria-busy="true" aria-label="Загрузка">
        <SkeletonBlock style={{ height: 140, borderRadius: 16 }} />
        <SkeletonBlock style={{ height: 200, borderRadius: 14 }} />
        <SkeletonBlock style={{ height: 120, borderRadius: 14 }} />
      </div>
    );
  if (blogger.isError)
    return (
      <LoadError
        title="Не удалось загрузить кабинет"
        onRetry={blogger.refetch}
        retrying={blogger.isFetching}
      />
    );
  const page = bloggerPageFor(blogger.data);
  if (!allowed.includes(page)) return <Navigate to={PATHS[page]} replace />;
  return <>{children(blogger.data)}</>;
}
