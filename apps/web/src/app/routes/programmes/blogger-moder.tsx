// blogger/moder: the applicant's state (research §5.4). Staff decide in the console; they get the
// way there.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminMeQueryOptions } from '../../../features/admin/api/get-admin-me.ts';
import { BloggerModerView } from '../../../features/programmes/components/blogger-moder-view.tsx';
import { BloggerGate } from './use-blogger-gate.tsx';
import { paths } from '../../../lib/paths.ts';

export function Component() {
  const staff = useQuery(adminMeQueryOptions()).data;
  return (
    <section>
      <h1 className="page-title">Заявка партнёра</h1>
      <BloggerGate allowed={['moder']}>
        {(state) =>
          state.application && state.status !== 'none' ? (
            <BloggerModerView status={state.status} application={state.application} />
          ) : null
        }
      </BloggerGate>
      {staff && (
        <Link
          to={paths.adminBloggers}
          className="button button--secondary button--medium button--full"
          style={{ marginTop: 16, textDecoration: 'none' }}
        >
          Заявки блогеров в панели магазина
        </Link>
      )}
    </section>
  );
}
