// `POST /api/v1/find/photo` (docs/product.md §14.2): multipart `image` (JPEG/PNG/WebP, ≤ 10 MB) and
// an optional `crop=x,y,w,h` (fractions) → the catalogue products whose pictures look most like it.
import multipart, { type Multipart } from '@fastify/multipart';
import {
  ApiErrorSchema,
  PHOTO_ERRORS,
  PHOTO_MAX_BYTES,
  PHOTO_RESULTS_MAX,
  PhotoCropSchema,
  PhotoIndexStatusResponseSchema,
  PhotoSearchResponseSchema,
  type PhotoCrop,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { loadProductBriefs } from '../catalog/index.ts';
import { MAX_INPUT_PIXELS, NotAPictureError } from './hash-features.ts';
import { publishedProductIds } from './photo-features.repository.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
  429: ApiErrorSchema,
};

const unsupported = (message: string) => new AppError(415, 'unsupported_media_type', message);

/** The upload's bytes and crop; multipart limits turn an oversized file into 413. */
async function readUpload(parts: AsyncIterable<Multipart>) {
  let image: Buffer | undefined;
  let crop: PhotoCrop | undefined;
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'image' || image) {
        part.file.resume();
        continue;
      }
      image = await part.toBuffer();
    } else if (part.fieldname === 'crop' && typeof part.value === 'string' && part.value.trim()) {
      const parsed = PhotoCropSchema.safeParse(part.value);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'crop', 'body.crop');
      crop = parsed.data;
    }
  }
  return { image, crop };
}

export const findPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 4, fieldSize: 256, parts: 6 },
  });

  app.get(
    '/find/photo',
    {
      schema: {
        tags: ['find'],
        summary: 'How many catalogue pictures search by photo covers now (it grows while the index is built)',
        response: { 200: PhotoIndexStatusResponseSchema, 401: ApiErrorSchema },
      },
    },
    async () => ({ result: { indexed: app.photoSearch.size } }),
  );

  app.post(
    '/find/photo',
    {
      // The per-shopper `photo` limit (RATE_LIMIT_PHOTO_PER_MIN, plugins/rate-limit.ts).
      config: { limit: 'photo' },
      schema: {
        tags: ['find'],
        summary:
          'Search the catalogue by a picture: multipart `image` (JPEG, PNG or WebP, ≤ 10 MB) and optional `crop=x,y,w,h` (fractions)',
        consumes: ['multipart/form-data'],
        response: { 200: PhotoSearchResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw unsupported(PHOTO_ERRORS.noFile);
      const { image, crop } = await readUpload(request.parts()).catch((err: unknown) => {
        if (err instanceof AppError) throw err;
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 413) throw new AppError(413, 'payload_too_large', PHOTO_ERRORS.tooLarge);
        throw badRequest('Не удалось прочитать файл — попробуйте ещё раз');
      });
      if (!image?.length) throw badRequest(PHOTO_ERRORS.noFile, 'body.image');

      // The header only: a decompression bomb is refused before any pixel is decoded.
      const meta = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
        .metadata()
        .catch((err: unknown) => {
          if (err instanceof Error && /pixel limit/i.test(err.message))
            throw new AppError(413, 'payload_too_large', PHOTO_ERRORS.tooManyPixels);
          return undefined;
        });
      if (!meta?.format || !meta.width || !meta.height) throw unsupported(PHOTO_ERRORS.notPicture);
      if (!ACCEPTED_FORMATS.has(meta.format)) throw unsupported(PHOTO_ERRORS.unsupported);
      if (meta.width * meta.height > MAX_INPUT_PIXELS)
        throw new AppError(413, 'payload_too_large', PHOTO_ERRORS.tooManyPixels);

      const hits = await app.photoSearch.search(image, crop, PHOTO_RESULTS_MAX).catch((err: unknown) => {
        if (err instanceof NotAPictureError) throw unsupported(PHOTO_ERRORS.notPicture);
        throw err;
      });
      const ids = hits.map((h) => h.productId);
      const [briefs, published] = await Promise.all([
        loadProductBriefs(app.db, ids),
        publishedProductIds(app.db, ids),
      ]);
      const items = hits.flatMap((h) => {
        const product = published.has(h.productId) ? briefs.get(h.productId) : undefined;
        return product ? [{ product_id: h.productId, score: h.score, exact: h.exact, product }] : [];
      });
      return { result: { items, indexed: app.photoSearch.size } };
    },
  );
};
