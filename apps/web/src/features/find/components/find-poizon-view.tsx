// «Найти товар на Poizon» (docs/product.md §14.1): paste a link, the share text of the Poizon app, a
// spuId or an article; the shop's own product opens in the product drawer, a Poizon item as a card,
// anything else as a request form. Below: the search row, how to copy a link, «Мои запросы».
// `?photo=<id>` (from search by photo) opens the request form with that stored photo; `?request=<id>`
// (the bot's «Открыть» under a quote) brings that request into view.
import {
  parsePoizonQuery,
  UNRECOGNISED_QUERY_MESSAGE,
  type ManualParsed,
  type PoizonItem,
} from '@shop/contract';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { screenshotUrl } from '../../../lib/find-screenshot.ts';
import { useOpenProduct } from '../../../lib/product-link.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useResolvePoizon } from '../api/resolve.ts';
import { MyRequests } from './my-requests.tsx';
import { PoizonItemDrawer } from './poizon-item-drawer.tsx';
import { RequestForm } from './request-form.tsx';
import '../find.css';

export const FIND_SEARCH_PATH = '/find/poizon/search';

/** The page's address: `?photo=` (a screenshot from search by photo) and `?request=` (one to show). */
function useFindParams() {
  const [params, setParams] = useSearchParams();
  const photoParam = params.get('photo');
  // `?photo=1`: from search by photo without a stored photo; the form asks for one.
  const photo = photoParam === null ? undefined : screenshotUrl(photoParam);
  const requestParam = Number(params.get('request'));
  const highlight = Number.isInteger(requestParam) && requestParam > 0 ? requestParam : undefined;
  const dropPhoto = () =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('photo');
        return next;
      },
      { replace: true },
    );
  return { photoParam, photo, highlight, dropPhoto };
}

export function FindPoizonView() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [item, setItem] = useState<PoizonItem | null>(null);
  const [manual, setManual] = useState<{ query: string; parsed: ManualParsed } | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const resolve = useResolvePoizon();
  const openProduct = useOpenProduct();
  const { photoParam, photo, highlight, dropPhoto } = useFindParams();

  const find = (value = text) => {
    setError(null);
    setManual(null);
    if (!parsePoizonQuery(value)) {
      haptic.error();
      setError(UNRECOGNISED_QUERY_MESSAGE);
      return;
    }
    resolve.mutate(value, {
      onSuccess: (result) => {
        if (result.kind === 'catalog') {
          notify.success('Этот товар уже есть в каталоге');
          openProduct(result.product_id);
        } else if (result.kind === 'poizon') {
          haptic.success();
          setItem(result.item);
        } else {
          haptic.warning();
          setManual({ query: value, parsed: result.parsed });
        }
      },
      onError: (e) => {
        haptic.error();
        setError(errorMessage(e, 'Не удалось проверить ссылку'));
      },
    });
  };

  const paste = async () => {
    try {
      const clip = await navigator.clipboard.readText();
      if (clip.trim()) {
        setText(clip);
        find(clip);
        return;
      }
    } catch {
      // Telegram and many browsers refuse to read the clipboard: the shopper pastes by hand.
    }
    setHint('Нажмите и удерживайте поле, чтобы вставить');
    field.current?.focus();
  };

  return (
    <div className="find-page">
      {/* From search by photo: the form with that photo comes first. */}
      {photo !== undefined && (
        <RequestForm
          key={photoParam}
          query=""
          parsed={{ url: null, spu_id: null, article: null }}
          photo={photo}
          onSent={dropPhoto}
        />
      )}
      <p className="find-lead">Не нашли нужное в каталоге? Пришлите ссылку — выкупим на Poizon и доставим.</p>
      <form
        className="find-paste"
        onSubmit={(e) => {
          e.preventDefault();
          find();
        }}
      >
        <label className="find-visually-hidden" htmlFor="find-query">
          Ссылка или артикул
        </label>
        <textarea
          id="find-query"
          ref={field}
          className={`find-paste__field${error ? ' find-paste__field--error' : ''}`}
          placeholder="Вставьте ссылку или артикул"
          rows={3}
          value={text}
          maxLength={4000}
          aria-invalid={error ? true : undefined}
          aria-describedby="find-query-note"
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
            setHint(null);
          }}
        />
        <p
          id="find-query-note"
          className={error ? 'find-error' : 'find-muted'}
          role={error ? 'alert' : undefined}
        >
          {error ??
            hint ??
            'Подходит: ссылка из приложения Poizon (dw4.co/…), ссылка dewu.com, артикул (DD1391-100) или номер товара (spuId)'}
        </p>
        <div className="find-paste__actions">
          <Button variant="secondary" size="medium" onClick={() => void paste()}>
            Вставить
          </Button>
          <Button type="submit" size="medium" loading={resolve.isPending} disabled={!text.trim()}>
            Найти
          </Button>
        </div>
      </form>

      {manual && (
        <RequestForm
          query={manual.query}
          parsed={manual.parsed}
          onSent={() => {
            setManual(null);
            setText('');
          }}
        />
      )}

      <Link className="find-row" to={FIND_SEARCH_PATH}>
        <span>Поиск по каталогу Poizon</span>
        <span aria-hidden="true">›</span>
      </Link>

      <section className="find-howto" aria-labelledby="find-howto-title">
        <h2 id="find-howto-title" className="find-section-title">
          Как скопировать ссылку
        </h2>
        <ol>
          <li>Откройте товар в приложении Poizon</li>
          <li>Нажмите «Поделиться» ↗</li>
          <li>«Скопировать ссылку» и вставьте сюда</li>
        </ol>
      </section>

      <section aria-labelledby="find-requests-title">
        <h2 id="find-requests-title" className="find-section-title">
          Мои запросы
        </h2>
        <MyRequests highlight={highlight} />
      </section>

      <PoizonItemDrawer item={item ?? undefined} spuId={item?.spu_id ?? null} onClose={() => setItem(null)} />
    </div>
  );
}
