// The picture of a find request (docs/product.md §14.1): uploaded to `POST /api/v1/find/uploads`,
// which keeps a re-encoded JPEG and answers its address. Shared by the request form (features/find)
// and «Отправить фото менеджеру» of search by photo (features/find-photo), which hands the stored
// picture to the form as `/find/poizon?photo=<id>`.
import { FIND_SCREENSHOT_URL, FindUploadResponseSchema, type FindUpload } from '@shop/contract';
import { apiUpload } from './api-client.ts';

export async function uploadFindScreenshot(
  photo: { blob: Blob; filename: string },
  onProgress?: (fraction: number) => void,
): Promise<FindUpload> {
  const form = new FormData();
  form.append('image', photo.blob, photo.filename);
  return (await apiUpload('/v1/find/uploads', form, { schema: FindUploadResponseSchema, onProgress })).result;
}

const ID = /^[a-f0-9]{32}$/;

/** The stored picture's id in `/media/find/<id>.jpg`, or null. */
export const screenshotId = (imageUrl: string): string | null =>
  FIND_SCREENSHOT_URL.test(imageUrl) ? imageUrl.slice('/media/find/'.length, -'.jpg'.length) : null;

/** The address of the stored picture `id`, or null when `id` is not one. */
export const screenshotUrl = (id: string | null): string | null =>
  id && ID.test(id) ? `/media/find/${id}.jpg` : null;

/** The request form on find/poizon with the stored picture attached. */
export const requestWithPhotoPath = (imageUrl: string) =>
  `/find/poizon?photo=${screenshotId(imageUrl) ?? '1'}`;
