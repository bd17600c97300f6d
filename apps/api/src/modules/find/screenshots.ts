// Screenshots attached to find requests (docs/product.md §14.1): `POST /find/uploads` takes a picture
// (JPEG, PNG or WebP, ≤ 10 MB, the same checks and messages as search by photo), and the shop keeps
// only its own re-encoding: decoded by sharp, turned upright, at most 1600 px, flattened on white,
// saved as JPEG without metadata (no GPS or camera data), at most 1 MB, under an unguessable name in
// the media store's media/find (modules/media/media-store.ts). The raw upload is never written anywhere. A picture no request took within
// a day is deleted by the hourly sweep (background-jobs.ts).
import type { Multipart } from '@fastify/multipart';
import { FIND_SCREENSHOT_MAX_PX, FIND_SCREENSHOT_URL, PHOTO_ERRORS, type FindUpload } from '@shop/contract';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import { findRequests } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { MAX_INPUT_PIXELS } from '../find-photo/hash-features.ts';
import type { MediaStore } from '../media/media-store.ts';

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

/** Stores the re-encoded picture under a new random name and says where it is served. */
export async function storeScreenshot(media: MediaStore, input: Buffer): Promise<FindUpload> {
  const { jpeg, width, height } = await reencodeScreenshot(input);
  const name = `${randomBytes(16).toString('hex')}.jpg`;
  await media.put(`${FOLDER}${name}`, jpeg, 'image/jpeg');
  return { image_url: `/media/find/${name}`, width, height, bytes: jpeg.length };
}

/** True when `url` names a screenshot this shop stored (and it is still there). */
export async function screenshotExists(media: MediaStore, url: string): Promise<boolean> {
  if (!FIND_SCREENSHOT_URL.test(url)) return false;
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
