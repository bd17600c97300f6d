// «Мои запросы» (docs/product.md §14.3): the shopper's requests with their status; a quoted one
// shows its price in roubles, until when it holds, and «Добавить в корзину» / «Отказаться»; a request
// with a screenshot shows it. `highlight` (the bot's «Открыть») marks one request and scrolls to it.
import { FIND_REQUEST_STATUS_RU, type FindRequest } from '@shop/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { formatDateRu } from '../../../lib/format.ts';
import { imageUrl } from '../../../lib/image-url.ts';
import { paths } from '../../../lib/paths.ts';
import { formatPrice } from '../../../lib/price.ts';
import { findRequestsQueryOptions, useAnswerFindRequest } from '../api/requests.ts';
import { formatValidUntil } from '../find-format.ts';

const title = (r: FindRequest) =>
  r.query ??
  (r.spu_id ? `Товар ${r.spu_id}` : (r.url ?? (r.source === 'photo' ? 'Товар по фото' : 'Товар с Poizon')));

/** A stored screenshot's thumbnail; older requests may hold an outside address, never shown. */
const thumbnail = (r: FindRequest) =>
  r.image_url?.startsWith('/media/find/') ? imageUrl(r.image_url, { width: 120 }) : null;

export function MyRequests({ highlight }: { highlight?: number | undefined }) {
  const list = useInfiniteQuery(findRequestsQueryOptions());
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isPending)
    return (
      <div className="find-requests" role="status" aria-label="Загрузка запросов">
        <SkeletonBlock className="find-request find-request--skeleton" />
        <SkeletonBlock className="find-request find-request--skeleton" />
      </div>
    );
  if (list.isError)
    return (
      <LoadError
        inline
        title="Не удалось загрузить запросы"
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
      />
    );
  if (items.length === 0)
    return (
      <p className="find-empty">
        Запросов пока нет. Пришлите ссылку — рассчитаем цену товара, которого нет в каталоге.
      </p>
    );
  return (
    <>
      <ul className="find-requests">
        {items.map((r) => (
          <RequestRow key={r.id} r={r} highlighted={r.id === highlight} />
        ))}
      </ul>
      {list.hasNextPage && (
        <Button
          variant="light-primary"
          size="medium"
          fullWidth
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Показать ещё
        </Button>
      )}
    </>
  );
}

function RequestRow({ r, highlighted }: { r: FindRequest; highlighted: boolean }) {
  const answer = useAnswerFindRequest();
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) row.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);
  const live = r.status === 'quoted';
  const shot = thumbnail(r);
  const reply = (kind: 'accept' | 'decline') =>
    answer.mutate(
      { id: r.id, answer: kind },
      {
        onSuccess: () => notify.success(kind === 'accept' ? 'Товар добавлен в корзину' : 'Запрос отменён'),
      },
    );
  return (
    <li
      ref={row}
      className={`find-request${highlighted ? ' find-request--highlight' : ''}`}
      data-status={r.status}
      aria-current={highlighted ? 'true' : undefined}
    >
      <div className="find-request__main">
        {shot && <img className="find-request__shot" src={shot} alt="" loading="lazy" />}
        <div className="find-request__body">
          <div className="find-request__head">
            <span className="find-request__title">{title(r)}</span>
            <span className={`find-status find-status--${r.status}`}>{FIND_REQUEST_STATUS_RU[r.status]}</span>
          </div>
          <p className="find-muted">
            №{r.id} · {formatDateRu(r.created_at)}
            {r.size ? ` · размер ${r.size}` : ''}
            {r.color ? ` · ${r.color}` : ''}
          </p>
        </div>
      </div>
      {r.quote_rub !== null && (r.status === 'quoted' || r.status === 'accepted') && (
        <p className="find-request__price">{formatPrice(r.quote_rub)}</p>
      )}
      {r.quote_breakdown?.duty && live && (
        <p className="find-muted">Пошлина ≈ {formatPrice(r.quote_breakdown.duty.amount)} — при получении</p>
      )}
      {live && r.quote_valid_until && (
        <p className="find-muted">Цена действует до {formatValidUntil(r.quote_valid_until)}</p>
      )}
      {r.quote_comment && live && <p className="find-request__comment">{r.quote_comment}</p>}
      {r.status === 'rejected' && r.reject_reason && <p className="find-muted">Причина: {r.reject_reason}</p>}
      {r.status === 'expired' && <p className="find-muted">Цена устарела — отправьте запрос снова.</p>}
      {live && (
        <div className="find-request__actions">
          <Button
            size="medium"
            loading={answer.isPending && answer.variables?.answer === 'accept'}
            onClick={() => reply('accept')}
          >
            В корзину
          </Button>
          <Button
            size="medium"
            variant="secondary"
            disabled={answer.isPending}
            onClick={() => reply('decline')}
          >
            Отказаться
          </Button>
        </div>
      )}
      {r.status === 'accepted' && (
        <Link className="find-link" to={paths.basket}>
          Перейти в корзину
        </Link>
      )}
    </li>
  );
}
