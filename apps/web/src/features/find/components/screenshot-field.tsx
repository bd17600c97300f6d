// The screenshot of a find request (docs/product.md §14.1): «Сделать фото» (camera) or «Из галереи»,
// ≤ 10 MB, converted in the browser the way search by photo does it (HEIC → JPEG, upright, smaller),
// uploaded at once with its progress; the stored picture is shown with «Заменить» and «Убрать».
import { PHOTO_ERRORS, PHOTO_MAX_BYTES } from '@shop/contract';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { uploadFindScreenshot } from '../../../lib/find-screenshot.ts';
import { imageUrl } from '../../../lib/image-url.ts';
import { preparePhoto } from '../../../lib/prepare-photo.ts';
import { haptic } from '../../../telegram/haptics.ts';

type Props = {
  /** The stored picture's address (`/media/find/….jpg`), or null. */
  value: string | null;
  onChange: (imageUrl: string | null) => void;
  /** True while a picture is being prepared or uploaded. */
  onBusyChange: (busy: boolean) => void;
  label: string;
};

export function ScreenshotField({ value, onChange, onBusyChange, label }: Props) {
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const busy = progress !== null;
  const setBusy = (fraction: number | null) => {
    setProgress(fraction);
    onBusyChange(fraction !== null);
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (file.size > PHOTO_MAX_BYTES) {
      setError(PHOTO_ERRORS.tooLarge);
      haptic.error();
      return;
    }
    setBusy(0);
    try {
      const prepared = await preparePhoto(file);
      setPreview(prepared.previewUrl);
      const stored = await uploadFindScreenshot(prepared, (f) => setProgress(Math.min(0.99, f)));
      onChange(stored.image_url);
      haptic.success();
    } catch (e) {
      setPreview(null);
      setError(errorMessage(e, 'Не удалось загрузить фото — попробуйте ещё раз'));
      haptic.error();
    } finally {
      setBusy(null);
    }
  };

  const remove = () => {
    haptic.selection();
    setPreview(null);
    setError(null);
    onChange(null);
  };

  const shown = preview ?? (value ? imageUrl(value, { width: 240 }) : null);
  return (
    <div className="find-shot" role="group" aria-labelledby="find-shot-label">
      <span id="find-shot-label" className="find-subtitle">
        {label}
      </span>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={onPick}
        data-testid="screenshot-camera"
      />
      <input
        ref={gallery}
        type="file"
        accept="image/*,.heic,.heif"
        hidden
        onChange={onPick}
        data-testid="screenshot-gallery"
      />
      {shown && (busy || value) ? (
        <div className="find-shot__picked">
          <div className="find-shot__frame">
            <img className="find-shot__image" src={shown} alt="Скриншот товара" />
            {busy && (
              <div className="find-shot__progress" role="status">
                Загружаем… {Math.round((progress ?? 0) * 100)} %
              </div>
            )}
          </div>
          {!busy && (
            <div className="find-shot__actions">
              <Button variant="secondary" size="small" onClick={() => gallery.current?.click()}>
                Заменить
              </Button>
              <Button variant="secondary" size="small" onClick={remove}>
                Убрать
              </Button>
            </div>
          )}
        </div>
      ) : (
        <div className="find-shot__pick">
          <Button variant="secondary" size="medium" loading={busy} onClick={() => camera.current?.click()}>
            Сделать фото
          </Button>
          <Button variant="secondary" size="medium" disabled={busy} onClick={() => gallery.current?.click()}>
            Из галереи
          </Button>
        </div>
      )}
      <p className={error ? 'find-error' : 'find-muted'} role={error ? 'alert' : undefined}>
        {error ?? 'Скриншот из Poizon или фото вещи: JPEG, PNG или HEIC до 10 МБ'}
      </p>
    </div>
  );
}
