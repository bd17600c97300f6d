// Screenshots attached to find requests (docs/product.md §14.1): `POST /find/uploads` takes a picture
// (JPEG, PNG or WebP, ≤ 10 MB, the same checks and messages as search by photo), and the shop keeps
// only its own re-encoding: decoded by sharp, turned upright, at most 1600 px, flattened on white,
// saved as JPEG without metadata (no GPS or camera data), at most 1 MB, under an unguessable name in
// the media store's media/find (modules/media/media-store.ts). The raw upload is never written anywhere. A picture no request took within
// a day is deleted by the hourly sweep (background-jobs.ts).
import type { Multipart } from '@fastify/multipart';
import { FIND_SCREENSHOT_MAX_PX, FIND_SCREENSHOT_URL, PHOTO_ERRORS, type FindUpload } from '@shop/contract';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import { findRequests } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { MAX_INPUT_PIXELS } from '../find-photo/index.ts';
import type { MediaStore } from '../media/index.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** A stored screenshot is at most this big; a busier picture is re-encoded smaller. */
export const SCREENSHOT_MAX_STORED_BYTES = 1024 * 1024;
const ATTEMPTS = [
  { px: FIND_SCREENSHOT_MAX_PX, quality: 82 },
  { px: 1200, quality: 70 },
  { px: 900, quality: 60 },
] as const;

const unsupported = (message: string) => new AppError(415, 'unsupported_media_type', message);
const tooLarge = (message: string) => new AppError(413, 'payload_too_large', message);

/** The `image` part of a multipart upload; multipart limits turn an oversized file into 413. */
export async function readImagePart(parts: AsyncIterable<Multipart>): Promise<Buffer | undefined> {
  let image: Buffer | undefined;
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'image' || image) {
        part.file.resume();
        continue;
      }
      image = await part.toBuffer();
    }
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge(PHOTO_ERRORS.tooLarge);
    throw badRequest('Не удалось прочитать файл — попробуйте ещё раз');
  }
  return image;
}

/** The picture re-encoded as a JPEG of at most 1600 px and 1 MB; 413/415 for what is not fit. */
export async function reencodeScreenshot(
  input: Buffer,
): Promise<{ jpeg: Buffer; width: number; height: number }> {
  // The header only: a decompression bomb is refused before any pixel is decoded.
  const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch((err: unknown) => {
      if (err instanceof Error && /pixel limit/i.test(err.message))
        throw tooLarge(PHOTO_ERRORS.tooManyPixels);
      return undefined;
    });
  if (!meta?.format || !meta.width || !meta.height) throw unsupported(PHOTO_ERRORS.notPicture);
  if (!ACCEPTED_FORMATS.has(meta.format)) throw unsupported(PHOTO_ERRORS.unsupported);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooLarge(PHOTO_ERRORS.tooManyPixels);

  for (const { px, quality } of ATTEMPTS) {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality })
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw unsupported(PHOTO_ERRORS.notPicture);
      });
    if (data.length <= SCREENSHOT_MAX_STORED_BYTES)
      return { jpeg: data, width: info.width, height: info.height };
  }
  throw tooLarge('Картинка слишком большая — выберите фото поменьше');
}

const FOLDER = 'media/find/';

/** Who may attach an upload: the name's second half is a keyed hash of the uploader and its first half. */
export type UploadOwner = { userId: number; secret: string };
const ownerMark = (owner: UploadOwner, nonce: string) =>
  createHmac('sha256', owner.secret)
    .update(`find-upload:${owner.userId}:${nonce}`)
    .digest('hex')
    .slice(0, 16);

/**
 * Stores the re-encoded picture under a new name and says where it is served. The name is 16 random
 * hex digits and 16 of a keyed hash binding them to the uploader, so only they can attach it to a
 * request (any instance can check it; nothing is stored beside the file).
 */
export async function storeScreenshot(media: MediaStore, input: Buffer, owner: UploadOwner): Promise<FindUpload> {
  const { jpeg, width, height } = await reencodeScreenshot(input);
  const nonce = randomBytes(8).toString('hex');
  const name = `${nonce}${ownerMark(owner, nonce)}.jpg`;
  await media.put(`${FOLDER}${name}`, jpeg, 'image/jpeg');
  return { image_url: `/media/find/${name}`, width, height, bytes: jpeg.length };
}

/** True when `url` names a screenshot this shop stored for `owner` (and it is still there). */
export async function screenshotExists(media: MediaStore, url: string, owner: UploadOwner): Promise<boolean> {
  if (!FIND_SCREENSHOT_URL.test(url)) return false;
  const name = path.posix.basename(url, '.jpg');
  const expected = Buffer.from(ownerMark(owner, name.slice(0, 16)));
  const given = Buffer.from(name.slice(16));
  if (given.length !== expected.length || !timingSafeEqual(expected, given)) return false;
  return media.exists(`${FOLDER}${path.posix.basename(url)}`);
}

/** An upload no request took within this long is deleted. */
export const ORPHAN_SCREENSHOT_MS = 24 * 3_600_000;
const STORED_NAME = /^[a-f0-9]{32}\.jpg$/;

/**
 * Deletes stored screenshots older than `olderThanMs` that no request names (a shopper who uploaded
 * and never sent the form), and temporary files left by a crash. Returns the deleted names.
 * Instances sharing the store may both sweep: a file already gone is skipped.
 */
export async function sweepOrphanScreenshots(
  db: Database,
  media: MediaStore,
  now = Date.now(),
  olderThanMs = ORPHAN_SCREENSHOT_MS,
): Promise<string[]> {
  const old: string[] = [];
  for (const { key, modifiedMs } of await media.list(FOLDER)) {
    const name = key.slice(FOLDER.length);
    if (now - modifiedMs < olderThanMs) continue;
    if (STORED_NAME.test(name) || name.endsWith('.tmp')) old.push(name);
  }
  const deleted: string[] = [];
  for (let i = 0; i < old.length; i += 500) {
    const chunk = old.slice(i, i + 500);
    const urls = chunk.filter((n) => STORED_NAME.test(n)).map((n) => `/media/find/${n}`);
    const taken = urls.length
      ? new Set(
          (
            await db
              .select({ url: findRequests.imageUrl })
              .from(findRequests)
              .where(inArray(findRequests.imageUrl, urls))
          ).map((r) => r.url),
        )
      : new Set<string | null>();
    for (const name of chunk) {
      if (taken.has(`/media/find/${name}`)) continue;
      if (await media.delete(`${FOLDER}${name}`).catch(() => false)) deleted.push(name);
    }
  }
  return deleted;
}
