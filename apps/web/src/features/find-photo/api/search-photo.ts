// POST /api/v1/find/photo: the prepared picture and the crop box → similar catalogue products
// (docs/product.md §14.2). A mutation: every search is a new upload.
import { PhotoSearchResponseSchema, type PhotoCrop } from '@shop/contract';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client.ts';

export type PhotoSearchInput = { file: Blob; filename: string; crop?: PhotoCrop };

export async function searchPhoto(
  { file, filename, crop }: PhotoSearchInput,
  onProgress?: (fraction: number) => void,
) {
  const form = new FormData();
  // The crop goes first so the server knows it before the file streams in.
  if (crop) form.append('crop', crop.map((n) => n.toFixed(4)).join(','));
  form.append('image', file, filename);
  return (await apiUpload('/v1/find/photo', form, { schema: PhotoSearchResponseSchema, onProgress })).result;
}

export const useSearchPhoto = (onProgress: (fraction: number) => void) =>
  useMutation({ mutationFn: (input: PhotoSearchInput) => searchPhoto(input, onProgress) });
