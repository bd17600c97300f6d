// Search by picture (docs/product.md §14.2): `POST /api/v1/find/photo`, multipart `image` and an
// optional `crop`; the answer lists the catalogue products whose pictures look most like it.
import { z } from 'zod';
import { ProductBriefSchema } from './commerce-common.ts';

/** The largest upload the server takes; the app downsizes to ≤ PHOTO_UPLOAD_MAX_PX before sending. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_UPLOAD_MAX_PX = 1024;
/** At most this many products in one answer. */
export const PHOTO_RESULTS_MAX = 20;
/** Picture types the server decodes; HEIC is converted to JPEG in the browser first. */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * The part of the picture to search with, as fractions of its width and height: `x,y,w,h`
 * (`0.1,0.2,0.5,0.5`). Absent: the whole picture.
 */
export const PhotoCropSchema = z
  .string()
  .regex(/^\s*[\d.]+\s*,\s*[\d.]+\s*,\s*[\d.]+\s*,\s*[\d.]+\s*$/, 'crop: четыре доли через запятую: x,y,w,h')
  .transform((s) => s.split(',').map(Number) as [number, number, number, number])
  .refine(
    ([x, y, w, h]) =>
      [x, y, w, h].every((n) => Number.isFinite(n) && n >= 0 && n <= 1) &&
      w > 0.02 &&
      h > 0.02 &&
      x + w <= 1.0001 &&
      y + h <= 1.0001,
    'crop: доли от 0 до 1, рамка внутри картинки',
  );
export type PhotoCrop = z.infer<typeof PhotoCropSchema>;

export const PhotoMatchSchema = z.object({
  product_id: z.number().int(),
  /** 0…1, higher is more alike. */
  score: z.number(),
  /** The same picture (resized, recompressed, framed): shown as «Точное совпадение». */
  exact: z.boolean(),
  /** What a product card needs, so the page renders without one call per result. */
  product: ProductBriefSchema,
});
export type PhotoMatch = z.infer<typeof PhotoMatchSchema>;

export const PhotoSearchResultSchema = z.object({
  items: z.array(PhotoMatchSchema),
  /** How many catalogue pictures were compared (0 while the index is being built). */
  indexed: z.number().int(),
});
export type PhotoSearchResult = z.infer<typeof PhotoSearchResultSchema>;
export const PhotoSearchResponseSchema = z.object({ result: PhotoSearchResultSchema });

/** Error texts of the page (the API sends the same ones in `error.message`). */
export const PHOTO_ERRORS = {
  tooLarge: 'Файл слишком большой (до 10 МБ)',
  tooManyPixels: 'Картинка слишком большая — выберите фото поменьше',
  unsupported: 'Этот формат не поддерживается — выберите JPEG или PNG',
  notPicture: 'Файл не похож на картинку — выберите фото',
  noFile: 'Выберите фото',
} as const;

/** `GET /api/v1/find/photo`: how many catalogue pictures can be searched now. */
export const PhotoIndexStatusResponseSchema = z.object({ result: z.object({ indexed: z.number().int() }) });
