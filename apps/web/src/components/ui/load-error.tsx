// What a screen (or one block of it) shows when its data did not load: a title, a short
// explanation and «Повторить», so one failed call never takes the rest of the app down with it.
// A 404 is not a failure to retry: it says what is missing and leads home (issue 27).
import { Link } from 'react-router';
import { ApiRequestError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { Button } from './button.tsx';
import './load-error.css';

type Props = {
  title: string;
  /** Defaults to the usual advice; say more when the shopper can do something else. */
  text?: string;
  /** Usually the query's `refetch`. */
  onRetry: () => unknown;
  /** True while the retry runs (the query's `isFetching`). */
  retrying?: boolean;
  /** A compact block inside a page section rather than the whole screen. */
  inline?: boolean;
  /** The failed call's error: a 404 shows `notFound` and «На главную» instead of «Повторить». */
  error?: unknown;
  /** What a 404 says (the title), e.g. «Заказ не найден». */
  notFound?: string;
};

export const LOAD_ERROR_TEXT = 'Проверьте подключение к интернету и попробуйте ещё раз.';

export function LoadError({
  title,
  text = LOAD_ERROR_TEXT,
  onRetry,
  retrying = false,
  inline = false,
  error,
  notFound = 'Не найдено',
}: Props) {
  if (error instanceof ApiRequestError && error.status === 404) {
    return (
      <div className={`load-error${inline ? ' load-error--inline' : ''}`} role="status">
        <p className="load-error__title">{notFound}</p>
        <p className="load-error__text">Возможно, ссылка устарела или её набрали с ошибкой.</p>
        <Link className="link-button" to={paths.home}>
          На главную
        </Link>
      </div>
    );
  }
  return (
    <div className={`load-error${inline ? ' load-error--inline' : ''}`} role="alert">
      <p className="load-error__title">{title}</p>
      <p className="load-error__text">{text}</p>
      <Button variant="light-primary" size="medium" loading={retrying} onClick={() => void onRetry()}>
        Повторить
      </Button>
    </div>
  );
}
