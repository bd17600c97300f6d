// The answer to a find request (docs/product.md §14.3): a quote from the Poizon price in yuan and
// the weight (previewed by the formula with the current settings) with the title, picture and size the
// shopper's cart line will show, taking it into work, or a refusal.
import { computeFindPrice, REJECT_REASONS_RU, type AdminFindRequest } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { formatPrice } from '../../../lib/price.ts';
import { findSettingsQueryOptions, useFindRequestAction } from '../api/find-requests.ts';

const decimal = (value: string) => Number(value.replace(',', '.'));

type QuoteItem = { title: string; image_url: string; size: string };

/** Only the fields filled in: an empty one leaves the request's own. */
const filled = (item: QuoteItem) =>
  Object.fromEntries(Object.entries(item).filter(([, v]) => v.trim() !== '')) as Partial<QuoteItem>;

/** The quote's title, picture and size: what the shopper's cart line and order will show. */
function QuoteItemFields({ item, onChange }: { item: QuoteItem; onChange: (item: QuoteItem) => void }) {
  const field = (
    key: keyof QuoteItem,
    label: string,
    extra?: { inputMode?: 'url'; placeholder?: string },
  ) => (
    <label className="admin-field">
      {label}
      <input
        className="admin-input"
        name={`quote_${key}`}
        value={item[key]}
        {...extra}
        onChange={(e) => onChange({ ...item, [key]: e.target.value })}
      />
    </label>
  );
  return (
    <>
      {field('title', 'Название в корзине')}
      {field('image_url', 'Картинка (ссылка https://)', { inputMode: 'url', placeholder: 'https://…' })}
      {field('size', 'Размер')}
    </>
  );
}

export function FindRequestAnswer({ r }: { r: AdminFindRequest }) {
  const settings = useQuery(findSettingsQueryOptions());
  const action = useFindRequestAction();
  const [cny, setCny] = useState(r.price_cny ? String(r.price_cny) : '');
  const [kg, setKg] = useState('1');
  const [comment, setComment] = useState(r.quote_comment ?? '');
  // What the shopper's cart line will say, prefilled from the request.
  const [item, setItem] = useState<QuoteItem>(() => ({
    title: r.quote_title ?? r.query ?? '',
    image_url: r.quote_image_url ?? r.image_url ?? '',
    size: r.quote_size ?? r.size ?? '',
  }));
  const [reason, setReason] = useState<string>(REJECT_REASONS_RU[0]);
  const cnyN = decimal(cny);
  const kgN = decimal(kg);
  const valid = cnyN > 0 && kgN > 0;
  const preview = valid && settings.data ? computeFindPrice(cnyN, kgN, settings.data) : null;

  const run = (a: Parameters<typeof action.mutate>[0], done: string) =>
    action.mutate(a, { onSuccess: () => notify.success(done) });

  return (
    <form
      className="admin-find__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        run(
          {
            id: r.id,
            kind: 'quote',
            body: {
              price_cny: cnyN,
              weight_kg: kgN,
              ...(comment.trim() ? { comment } : {}),
              ...filled(item),
            },
          },
          'Цена отправлена покупателю',
        );
      }}
    >
      <label className="admin-field">
        Цена на Poizon, ¥
        <input
          className="admin-input"
          name="price_cny"
          inputMode="decimal"
          value={cny}
          onChange={(e) => setCny(e.target.value)}
        />
      </label>
      <label className="admin-field">
        Вес, кг
        <input
          className="admin-input"
          name="weight_kg"
          inputMode="decimal"
          value={kg}
          onChange={(e) => setKg(e.target.value)}
        />
      </label>
      <QuoteItemFields item={item} onChange={setItem} />
      <label className="admin-field">
        Комментарий покупателю
        <input
          className="admin-input"
          name="comment"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </label>
      {preview && (
        <p className="admin-muted" aria-live="polite">
          Товар {formatPrice(preview.goods_rub)} + доставка {formatPrice(preview.delivery_rub)} + услуги{' '}
          {formatPrice(preview.service_rub)} = <strong>{formatPrice(preview.total_rub)}</strong>
        </p>
      )}
      <div className="admin-actions">
        <Button
          type="submit"
          size="medium"
          disabled={!valid}
          loading={action.isPending && action.variables?.kind === 'quote'}
        >
          Отправить цену
        </Button>
        {r.status === 'new' && (
          <Button
            variant="secondary"
            size="medium"
            disabled={action.isPending}
            onClick={() => run({ id: r.id, kind: 'take' }, 'Запрос взят в работу')}
          >
            Взять в работу
          </Button>
        )}
      </div>
      <div className="admin-actions">
        <select
          className="admin-select"
          aria-label="Причина отказа"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        >
          {REJECT_REASONS_RU.map((x) => (
            <option key={x}>{x}</option>
          ))}
        </select>
        <Button
          variant="error"
          size="medium"
          disabled={action.isPending}
          onClick={() => run({ id: r.id, kind: 'reject', reason }, 'Запрос отклонён')}
        >
          Отказать
        </Button>
      </div>
    </form>
  );
}
