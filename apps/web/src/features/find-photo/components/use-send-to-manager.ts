// «Отправить фото менеджеру» on find/photo: the photo the shopper searched by goes with the request —
// stored through the find upload first, then the request form of find/poizon opens with it attached.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/error-message.ts';
import { requestWithPhotoPath, uploadFindScreenshot } from '../../../lib/find-screenshot.ts';
import type { PreparedPhoto } from '../../../lib/prepare-photo.ts';
import { haptic } from '../../../telegram/haptics.ts';
import type { SendToManager } from './photo-answer.tsx';

export function useSendToManager(photo: PreparedPhoto | null): SendToManager {
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  return {
    pending: sending,
    error: sendError,
    run: () => {
      if (!photo || sending) return;
      setSending(true);
      setSendError(null);
      uploadFindScreenshot(photo)
        .then((stored) => navigate(requestWithPhotoPath(stored.image_url)))
        .catch((error: unknown) => {
          haptic.error();
          setSendError(errorMessage(error, 'Не удалось отправить фото — попробуйте ещё раз'));
        })
        .finally(() => setSending(false));
    },
  };
}
