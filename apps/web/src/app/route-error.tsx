// What a page shows inside its layout when it cannot be drawn (issue 27): the page's code or data
// failed to load (offline, a dropped chunk) — one Russian «Нет соединения» state with «Повторить»,
// retried by itself when the network returns — or an address that leads nowhere («Страница не
// найдена» with «На главную»), never the router's English developer page or a silent trip home.
// A page whose code failed is this page until the document reloads (router.tsx), so a retry reloads
// the document; it waits for the network first, or the browser would show its own offline page.
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../components/ui/button.tsx';

const reload = () => window.location.reload();

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <PageNotFound />;
  return <NoConnection />;
}

export function NoConnection() {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <div className="load-error" role="alert" data-testid="route-error">
      <p className="load-error__title">Нет соединения</p>
      <p className="load-error__text">
        {waiting ? 'Ждём сеть — страница откроется сама.' : 'Проверьте подключение к интернету.'}
      </p>
      <Button
        variant="light-primary"
        size="medium"
        loading={waiting}
        onClick={() => {
          if (navigator.onLine) reload();
          else setWaiting(true);
        }}
      >
        Повторить
      </Button>
    </div>
  );
}

export function PageNotFound() {
  return (
    <div className="empty-state" role="status">
      <p className="empty-state__title">Страница не найдена</p>
      <p>Возможно, ссылка устарела или её набрали с ошибкой.</p>
      <Link to="/" replace className="link-button">
        На главную
      </Link>
    </div>
  );
}
