// find/photo (docs/product.md §14.2): take a photo or pick one from the gallery, frame the item,
// search; the similar products come back as cards, best first. When nothing is alike: the link
// search on Poizon or a request to the manager with the photo (stored through the find upload, then
// the request form of find/poizon opens with it attached).
import { PHOTO_ERRORS, PHOTO_MAX_BYTES, type PhotoSearchResult } from '@shop/contract';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useSearchPhoto } from '../api/search-photo.ts';
import { preparePhoto, type PreparedPhoto } from '../../../lib/prepare-photo.ts';
import { CropBox, WHOLE, type Box } from './crop-box.tsx';
import { PhotoAnswer } from './photo-answer.tsx';
import { PhotoIntro } from './photo-intro.tsx';
import { PhotoResultsSkeleton } from './photo-results.tsx';
import { useSendToManager } from './use-send-to-manager.ts';
import './find-photo-page.css';

export function FindPhotoPage() {
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [photo, setPhoto] = useState<PreparedPhoto | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [box, setBox] = useState<Box>(WHOLE);
  const [pickError, setPickError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<PhotoSearchResult | null>(null);
  const search = useSearchPhoto(setProgress);
  const sendToManager = useSendToManager(photo);
  const resultsTitle = useRef<HTMLHeadingElement & HTMLDivElement>(null);
  // The answer is below the picture: bring it into view when it arrives.
  useEffect(() => {
    if (result) resultsTitle.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [result]);

  useEffect(() => () => void (photo?.previewUrl && URL.revokeObjectURL(photo.previewUrl)), [photo]);

  const run = (prepared: PreparedPhoto, crop: Box) => {
    setResult(null);
    setProgress(0);
    const whole = crop.every((v, i) => Math.abs(v - WHOLE[i]!) < 0.001);
    search.mutate(
      {
        file: prepared.blob,
        filename: prepared.filename,
        ...(whole ? {} : { crop: [...crop] as [number, number, number, number] }),
      },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (answer.items.length) haptic.success();
          else haptic.warning();
        },
        onError: () => haptic.error(),
      },
    );
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPickError(null);
    setResult(null);
    search.reset();
    if (file.size > PHOTO_MAX_BYTES) {
      setPickError(PHOTO_ERRORS.tooLarge);
      haptic.error();
      return;
    }
    setPreparing(true);
    try {
      const prepared = await preparePhoto(file);
      setPhoto(prepared);
      setBox(WHOLE);
      // A file the browser cannot show goes straight to the server, whose answer says what is wrong.
      if (!prepared.previewUrl) run(prepared, WHOLE);
    } catch (error) {
      setPickError(errorMessage(error, 'Не удалось открыть фото — попробуйте другое'));
      haptic.error();
    } finally {
      setPreparing(false);
    }
  };

  const inputs = (
    <>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={onPick}
        data-testid="photo-camera"
      />
      <input
        ref={gallery}
        type="file"
        accept="image/*,.heic,.heif"
        hidden
        onChange={onPick}
        data-testid="photo-gallery"
      />
    </>
  );
  const pickButtons = (variant: 'primary' | 'secondary') => (
    <div className="find-photo__pick">
      <Button variant={variant} size="medium" onClick={() => camera.current?.click()} loading={preparing}>
        Сделать фото
      </Button>
      <Button variant="secondary" size="medium" onClick={() => gallery.current?.click()} disabled={preparing}>
        Выбрать из галереи
      </Button>
    </div>
  );
  const failure =
    pickError ?? (search.isError ? errorMessage(search.error, 'Не удалось выполнить поиск') : null);

  return (
    <section className="find-photo page">
      <h1 className="page-title">Поиск по фото</h1>
      {inputs}
      {!photo?.previewUrl ? (
        <PhotoIntro>{pickButtons('primary')}</PhotoIntro>
      ) : (
        <div className="find-photo__editor">
          <CropBox src={photo.previewUrl} box={box} onChange={setBox} />
          <p className="find-photo__hint">Оставьте в рамке только вещь</p>
          <div className="find-photo__actions">
            <Button size="medium" onClick={() => run(photo, box)} loading={search.isPending} fullWidth>
              Искать
            </Button>
            <Button
              variant="secondary"
              size="medium"
              onClick={() => gallery.current?.click()}
              disabled={search.isPending}
            >
              Другое фото
            </Button>
          </div>
        </div>
      )}

      {failure && (
        <p className="find-photo__error" role="alert">
          {failure}
        </p>
      )}

      {search.isPending && (
        <div className="find-photo__progress" role="status">
          <p>{progress < 1 ? `Загружаем фото… ${Math.round(progress * 100)} %` : 'Ищем похожие товары…'}</p>
          <div className="find-photo__bar">
            <span style={{ transform: `scaleX(${Math.max(0.04, progress)})` }} />
          </div>
          <PhotoResultsSkeleton />
        </div>
      )}

      {result && <PhotoAnswer result={result} send={sendToManager} titleRef={resultsTitle} />}
    </section>
  );
}
