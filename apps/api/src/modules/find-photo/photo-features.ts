// The seam for picture features (decision 023): the index and the route only know this interface,
// so a stronger extractor (a bundled embedding model) can replace the default without touching them.
import type { PhotoCrop } from '@shop/contract';

/** What one picture is reduced to. */
export type PictureFeatures = {
  /** 64-bit DCT perceptual hash of the normalised picture. */
  phash: bigint;
  /** 64-bit gradient hash of the normalised picture. */
  dhash: bigint;
  /** 72-bin HSV histogram of the item's pixels (background excluded), bytes summing to ≈ 255. */
  histogram: Uint8Array;
  /** 16×16 silhouette of the item (share of item pixels per cell, 0…255): shape, not colour. */
  shape: Uint8Array;
};

export interface PhotoFeatures {
  /** Stored with every row: rows of another extractor (or version) are recomputed. */
  readonly id: string;
  /** A catalogue picture. Throws NotAPictureError for bytes that do not decode as a picture. */
  extract(input: Buffer): Promise<PictureFeatures>;
  /**
   * A shopper's picture, inside the crop box: the whole of it and the parts that may be the item
   * (a screenshot's picture without the phone's UI). Throws NotAPictureError.
   */
  extractQuery(input: Buffer, crop?: PhotoCrop): Promise<PictureFeatures[]>;
}
