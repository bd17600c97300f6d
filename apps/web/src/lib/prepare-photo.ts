// Turns a picked picture into what is uploaded (search by photo and the screenshot of a find request): HEIC/HEIF converted to JPEG in the browser (the
// converter is loaded only when such a file is picked), then drawn upright and downsized to
// ≤ PHOTO_UPLOAD_MAX_PX and re-encoded as JPEG (uploads of ~200 KB instead of 5 MB photos).
import { PHOTO_UPLOAD_MAX_PX } from '@shop/contract';

export type PreparedPhoto = {
  /** What is uploaded. */
  blob: Blob;
  filename: string;
  /** A preview address (revoke it when done); null when the browser cannot show the file. */
  previewUrl: string | null;
  width: number;
  height: number;
};

const isHeic = (file: File) => /image\/hei[cf]/i.test(file.type) || /\.(heic|heif)$/i.test(file.name);

async function toJpeg(source: Blob): Promise<{ blob: Blob; width: number; height: number }> {
  const bitmap = await createImageBitmap(source, { imageOrientation: 'from-image' });
  const scale = Math.min(1, PHOTO_UPLOAD_MAX_PX / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  // Transparent PNGs become white, as the server sees them.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.88));
  if (!blob) throw new Error('no blob');
  return { blob, width, height };
}

/**
 * The file ready to upload. A file the browser cannot decode is sent as it is (≤ 10 MB is checked by
 * the caller), so the server's answer says what is wrong with it.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  let source: Blob = file;
  if (isHeic(file)) {
    const { heicTo } = await import('heic-to');
    source = await heicTo({ blob: file, type: 'image/jpeg', quality: 0.9 });
  }
  try {
    const { blob, width, height } = await toJpeg(source);
    return { blob, filename: 'photo.jpg', previewUrl: URL.createObjectURL(blob), width, height };
  } catch {
    return { blob: file, filename: file.name || 'file', previewUrl: null, width: 0, height: 0 };
  }
}
