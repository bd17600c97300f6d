// One find request in the console: what the shopper asked for (link or article, size, colour, their
// screenshot or photo), its status and price, and the answer form for those who quote while it is open.
import {
  FIND_REQUEST_STATUS_RU,
  POIZON_BUTTON_RU,
  roleCan,
  type AdminFindRequest,
  type FindRequestStatus,
} from '@shop/contract';
import { StoredLink } from '../../../components/ui/stored-link.tsx';
import { imageUrl } from '../../../lib/image-url.ts';
import { formatPrice } from '../../../lib/price.ts';
import { useStaffRole } from '../use-staff-role.ts';
import { FindRequestAnswer } from './find-request-answer.tsx';

/** What was asked for, in one line: the search, the link, the article, or the shopper's photo. */
export const requestWhat = (r: AdminFindRequest) =>
  r.query ?? r.url ?? (r.spu_id ? `spuId ${r.spu_id}` : r.source === 'photo' ? 'По фото покупателя' : '—');

/** The statuses a request can still be answered in. */
const ANSWERABLE: FindRequestStatus[] = ['new', 'in_progress', 'quoted', 'expired'];

export function FindRequestCard({ r }: { r: AdminFindRequest }) {
  const canQuote = roleCan(useStaffRole(), 'quotes');
  return (
    <section className="admin-card admin-find__card" aria-label={`Запрос №${r.id}`}>
      <h2 className="admin-card__title">Запрос №{r.id}</h2>
      <dl className="admin-facts">
        <dt>Ссылка / артикул</dt>
        <dd className="admin-find__what">{r.url ? <StoredLink url={r.url} /> : requestWhat(r)}</dd>
        <dt>Размер · цвет</dt>
        <dd>{[r.size, r.color].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>Кнопка</dt>
        <dd>{r.button ? POIZON_BUTTON_RU[r.button] : '—'}</dd>
        <dt>Цена покупателя</dt>
        <dd>{r.price_cny ? `${r.price_cny} ¥` : '—'}</dd>
        <dt>Комментарий</dt>
        <dd>{r.comment ?? '—'}</dd>
        {r.image_url && (
          <>
            <dt>{r.source === 'photo' ? 'Фото' : 'Скриншот'}</dt>
            <dd>
              <RequestImage url={r.image_url} />
            </dd>
          </>
        )}
        <dt>Статус</dt>
        <dd>
          {FIND_REQUEST_STATUS_RU[r.status]}
          {r.quote_rub !== null ? ` · ${formatPrice(r.quote_rub)}` : ''}
        </dd>
      </dl>
      {canQuote && ANSWERABLE.includes(r.status) && <FindRequestAnswer r={r} />}
    </section>
  );
}

function RequestImage({ url }: { url: string }) {
  if (!url.startsWith('/media/find/')) return <StoredLink url={url}>открыть</StoredLink>;
  // The shop's own re-encoded copy (POST /find/uploads): shown, full size on tap.
  return (
    <StoredLink className="admin-find__shot-link" url={url} aria-label="Открыть скриншот целиком">
      <img className="admin-find__shot" src={imageUrl(url, { width: 324 })} alt="Скриншот покупателя" />
    </StoredLink>
  );
}
