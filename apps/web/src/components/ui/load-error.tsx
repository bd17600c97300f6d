// What a screen (or one block of it) shows when its data did not load: a title, a short
// explanation and «Повторить», so one failed call never takes the rest of the app down with it.
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
};

export const LOAD_ERROR_TEXT = 'Проверьте подключение к интернету и попробуйте ещё раз.';

export function LoadError({
  title,
  text = LOAD_ERROR_TEXT,
  onRetry,
  retrying = false,
  inline = false,
}: Props) {
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
