// blogger: the partner's dashboard (research §5.5) with the picks editor, whose products come
// from the shopper's favourites.
import { useFavoritesInfinite } from '../../../features/favorites/api/get-favorites.ts';
import { usePublicUser } from '../../../features/programmes/api/blogger.ts';
import { BloggerDashboardView } from '../../../features/programmes/components/blogger-dashboard-view.tsx';
import { PicksEditor } from '../../../features/programmes/components/picks-editor.tsx';
import type { ApprovedDashboard } from '../../../features/programmes/types.ts';
import { BloggerGate } from './use-blogger-gate.tsx';

function Picks({ userId }: { userId: number }) {
  const page = usePublicUser(userId);
  const favorites = useFavoritesInfinite();
  return (
    <PicksEditor
      loading={page.isPending}
      picks={page.data?.picks ?? []}
      candidates={(favorites.data?.pages.flatMap((p) => p.favoriteList) ?? []).map((f) => ({
        id: f.product.id,
        title: f.product.title,
        image_src: f.product.image_src,
      }))}
    />
  );
}

export function Component() {
  return (
    <section>
      <h1 className="page-title">Кабинет блогера</h1>
      <BloggerGate allowed={['dashboard']}>
        {(state) => (
          <BloggerDashboardView state={state as ApprovedDashboard} picks={<Picks userId={state.user_id} />} />
        )}
      </BloggerGate>
    </section>
  );
}
