// The request form (docs/product.md §14.3): when the shop cannot price an item itself, the shopper
// sends the link with the size, colour, the Poizon «button», a screenshot and a comment; staff
// answer with a price in roubles. From search by photo (`photo`) it carries the photo instead of a link.
import { POIZON_BUTTON_RU, POIZON_BUTTONS, type ManualParsed, type PoizonButton } from '@shop/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { haptic } from '../../../telegram/haptics.ts';
import { useCreateFindRequest } from '../api/requests.ts';
import { ScreenshotField } from './screenshot-field.tsx';

type Props = {
  query: string;
  parsed: ManualParsed;
  onSent: () => void;
  /** From search by photo: the stored photo (or null: attach one); the request has no link. */
  photo?: string | null;
};

const NO_PHOTO = 'Прикрепите фото товара';

const BUTTON_HINT: Record<PoizonButton, string> = {
  blue: 'проверен Poizon, быстрее всего',
  black: 'от стороннего продавца',
  grey95: 'вещь была в носке',
};

export function RequestForm({ query, parsed, onSent, photo }: Props) {
  const byPhoto = photo !== undefined;
  const [size, setSize] = useState('');
  const [color, setColor] = useState('');
  const [price, setPrice] = useState('');
  const [button, setButton] = useState<PoizonButton>('blue');
  const [screenshot, setScreenshot] = useState<string | null>(photo ?? null);
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const create = useCreateFindRequest();
  const priceNumber = price ? Number(price.replace(',', '.')) : undefined;
  const priceError = price && !(priceNumber && priceNumber > 0) ? 'Введите цену в юанях' : undefined;

  const submit = () => {
    if (priceError || uploading) return;
    if (byPhoto && !screenshot) {
      haptic.error();
      setPhotoError(NO_PHOTO);
      return;
    }
    create.mutate(
      {
        source: byPhoto ? 'photo' : 'link',
        ...(byPhoto ? {} : { url: parsed.url ?? (parsed.spu_id ? undefined : query.slice(0, 2000)) }),
        ...(parsed.spu_id ? { spu_id: parsed.spu_id } : {}),
        ...(parsed.article ? { query: parsed.article } : {}),
        size,
        color,
        ...(priceNumber ? { price_cny: priceNumber } : {}),
        button,
        ...(screenshot ? { image_url: screenshot } : {}),
        comment,
      },
      {
        onSuccess: () => {
          notify.success('Запрос отправлен. Рассчитаем стоимость и пришлём сообщение');
          onSent();
        },
      },
    );
  };

  const screenshotField = () => (
    <>
      <ScreenshotField
        label={byPhoto ? 'Фото товара' : 'Скриншот (необязательно)'}
        value={screenshot}
        onChange={(url) => {
          setScreenshot(url);
          setPhotoError(null);
        }}
        onBusyChange={setUploading}
      />
      {photoError && (
        <p className="find-error" role="alert">
          {photoError}
        </p>
      )}
    </>
  );

  return (
    <form
      className="find-request-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {byPhoto ? (
        <>
          <h2 className="find-section-title">Отправим фото менеджеру</h2>
          <p className="find-muted">
            Менеджер найдёт товар на Poizon по фото, рассчитает цену в рублях и пришлёт сообщение в Telegram.
          </p>
        </>
      ) : (
        <>
          <h2 className="find-section-title">Рассчитаем стоимость вручную</h2>
          <p className="find-muted">
            Этого товара нет в нашем каталоге. Заполните форму — менеджер рассчитает цену в рублях и пришлёт
            сообщение в Telegram.
          </p>
          <p className="find-request-form__link" title={parsed.url ?? query}>
            {parsed.url ?? parsed.article ?? parsed.spu_id ?? query}
          </p>
        </>
      )}
      {byPhoto && screenshotField()}
      <TextField label="Размер" placeholder="42.5 EU" value={size} onValueChange={setSize} maxLength={40} />
      <TextField label="Цвет / вариант" value={color} onValueChange={setColor} maxLength={80} />
      <TextField
        label="Цена на Poizon, ¥ (если знаете)"
        inputMode="decimal"
        value={price}
        mask={(v) => v.replace(/[^\d.,]/g, '')}
        onValueChange={setPrice}
        error={priceError}
      />
      <fieldset className="find-buttons">
        <legend className="find-subtitle">Какую кнопку выбрать</legend>
        {POIZON_BUTTONS.map((b) => (
          <label key={b} className={`find-button-choice find-button-choice--${b}`}>
            <input
              type="radio"
              name="poizon-button"
              value={b}
              checked={button === b}
              onChange={() => {
                haptic.selection();
                setButton(b);
              }}
            />
            <span className="find-button-choice__swatch" aria-hidden="true" />
            <span>
              <span className="find-button-choice__name">{POIZON_BUTTON_RU[b]}</span>
              <span className="find-muted"> — {BUTTON_HINT[b]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {!byPhoto && screenshotField()}
      <label className="find-textarea">
        <span className="find-subtitle">Комментарий</span>
        <textarea
          value={comment}
          maxLength={1000}
          rows={3}
          placeholder="Например: нужна коробка, подойдёт другой цвет"
          onChange={(e) => setComment(e.target.value)}
        />
      </label>
      <Button type="submit" fullWidth loading={create.isPending} disabled={uploading}>
        Отправить запрос
      </Button>
    </form>
  );
}
