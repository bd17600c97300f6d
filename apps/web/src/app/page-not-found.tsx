// An address that leads nowhere (issue 27): «Страница не найдена» with «На главную» inside the
// layout, never a silent trip home.
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';

export function PageNotFound() {
  return (
    <div className="empty-state" role="status">
      <p className="empty-state__title">Страница не найдена</p>
      <p>Возможно, ссылка устарела или её набрали с ошибкой.</p>
      <Link to={paths.home} replace className="link-button">
        На главную
      </Link>
    </div>
  );
}
