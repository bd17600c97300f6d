// user: a blogger's public storefront (DESIGN §8). `?uid=<user id>` (`?id=` is the product drawer's
// parameter on every page, docs/product.md §2); without it, an approved blogger sees their own
// page and anyone else goes to the profile. Not an approved blogger: a 404 state.
import { Link, Navigate, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { useBlogger, usePromoUser, usePublicUser } from '../../../features/programmes/api/blogger.ts';
import { UserPageView } from '../../../features/programmes/components/user-page-view.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';

const USER_PARAM = 'uid';

function UserPage({ id, own }: { id: number; own: boolean }) {
  const user = usePublicUser(id);
  if (user.isPending)
    return (
      <div className="pg" aria-busy="true" aria-label="Загрузка">
        <SkeletonBlock style={{ height: 72, borderRadius: 36, width: 72 }} />
        <SkeletonBlock style={{ height: 24, borderRadius: 8 }} />
        <SkeletonBlock style={{ height: 260, borderRadius: 12 }} />
      </div>
    );
  if (user.isError) {
    if (user.error instanceof ApiRequestError && user.error.status === 404) return <NotFound />;
    return (
      <LoadError title="Не удалось загрузить страницу" onRetry={user.refetch} retrying={user.isFetching} />
    );
  }
  return <UserPageView user={user.data} own={own} />;
}

const NotFound = () => (
  <div className="empty-state">
    <p className="empty-state__title">Страница не найдена</p>
    <p>Такого автора нет или его страница ещё не открыта.</p>
    <Link to={paths.home} className="link-button">
      На главную
    </Link>
  </div>
);

/** Opened by a blogger's `b_<PROMO>` link. */
function PromoPage({ promo }: { promo: string }) {
  const resolved = usePromoUser(promo);
  if (resolved.isPending) return <SkeletonBlock style={{ height: 260, borderRadius: 12 }} />;
  if (resolved.isError) return <LoadError title="Не удалось загрузить страницу" onRetry={resolved.refetch} />;
  if (resolved.data === null) return <NotFound />;
  return <UserPage id={resolved.data} own={false} />;
}

function OwnPage() {
  const blogger = useBlogger();
  if (blogger.isPending) return <SkeletonBlock style={{ height: 260, borderRadius: 12 }} />;
  if (blogger.isError) return <LoadError title="Не удалось загрузить страницу" onRetry={blogger.refetch} />;
  if (blogger.data.status !== 'approved') return <Navigate to={paths.profile} replace />;
  return <UserPage id={blogger.data.user_id} own />;
}

export function Component() {
  const [params] = useSearchParams();
  const raw = params.get(USER_PARAM);
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const promo = params.get('promo');
  return (
    <section>
      <h1 className="page-title">Страница автора</h1>
      {id !== null ? (
        <UserPage id={id} own={false} />
      ) : promo && /^[A-Za-z0-9]{2,32}$/.test(promo) ? (
        <PromoPage promo={promo.toUpperCase()} />
      ) : (
        <OwnPage />
      )}
    </section>
  );
}
