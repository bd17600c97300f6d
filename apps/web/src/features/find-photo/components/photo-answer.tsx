// find/photo's answer: the similar products, best first, then «Нет нужного товара?» with the ways
// on (the link search on Poizon, the photo to the manager); when nothing is alike, only those.
import type { PhotoSearchResult } from '@shop/contract';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { PhotoResults } from './photo-results.tsx';

const POIZON_LINK = '/find/poizon';

export type SendToManager = { run: () => void; pending: boolean; error: string | null };

function Fallback({ title, send }: { title?: string; send: SendToManager }) {
  return (
    <div className="find-photo__fallback">
      {title && <p className="empty-state__title">{title}</p>}
      <Link className="find-photo__fallback-link" to={POIZON_LINK}>
        Найти на Poizon по ссылке
      </Link>
      <button
        type="button"
        className="find-photo__fallback-link"
        onClick={send.run}
        disabled={send.pending}
        aria-busy={send.pending || undefined}
      >
        {send.pending ? 'Отправляем фото…' : 'Отправить фото менеджеру'}
      </button>
      {send.error && (
        <p className="find-photo__error" role="alert">
          {send.error}
        </p>
      )}
    </div>
  );
}

export function PhotoAnswer({
  result,
  send,
  titleRef,
}: {
  result: PhotoSearchResult;
  send: SendToManager;
  titleRef: Ref<HTMLHeadingElement & HTMLDivElement>;
}) {
  if (!result.items.length)
    return (
      <div className="empty-state" ref={titleRef}>
        <Fallback title="Похожих товаров не нашли" send={send} />
      </div>
    );
  return (
    <>
      <h2 className="find-photo__subtitle" ref={titleRef}>
        Похожие товары
      </h2>
      <PhotoResults items={result.items} />
      <p className="find-photo__more">Нет нужного товара?</p>
      <Fallback send={send} />
    </>
  );
}
