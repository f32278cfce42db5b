import {
  fitWithin,
  IMAGE_TOO_LARGE_MESSAGE,
  isAcceptedImageType,
  MAX_IMAGE_DATA_URL_CHARS,
  MAX_IMAGE_FILE_BYTES,
  MAX_IMAGE_SIDE,
} from './lib/images.ts';

export type PictureResult = { ok: true; src: string } | { ok: false; message: string };

/** Sides to try, largest first, until the picture fits in its room. */
const SIDES = [MAX_IMAGE_SIDE, 960, 720, 480, 320];

function encode(bitmap: ImageBitmap, side: number, quality: number): string {
  const { width, height } = fitWithin(bitmap.width, bitmap.height, side);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return '';
  context.drawImage(bitmap, 0, 0, width, height);
  const webp = canvas.toDataURL('image/webp', quality);
  if (webp.startsWith('data:image/webp')) return webp;
  // A browser without WebP encoding: JPEG, on white, as JPEG has no transparency.
  context.globalCompositeOperation = 'destination-over';
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  return canvas.toDataURL('image/jpeg', quality);
}

/**
 * Reads a picture the candidate chose or pasted and makes it small enough to keep inline:
 * downscaled, then re-encoded smaller until it fits both the per-picture cap and `roomChars`,
 * the room left in this answer. Every refusal says why.
 */
export async function pictureFromFile(file: File, roomChars: number): Promise<PictureResult> {
  if (!isAcceptedImageType(file.type)) {
    return { ok: false, message: 'Only PNG, JPEG, WebP or GIF pictures can be added.' };
  }
  if (file.size > MAX_IMAGE_FILE_BYTES) {
    const megabytes = Math.round(MAX_IMAGE_FILE_BYTES / (1024 * 1024));
    return { ok: false, message: `This picture is larger than ${megabytes} MB. Please choose a smaller one.` };
  }
  const limit = Math.min(MAX_IMAGE_DATA_URL_CHARS, roomChars);
  if (limit < 2000) {
    return {
      ok: false,
      message: 'This answer has no room for another picture. Please remove one before adding a new one.',
    };
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { ok: false, message: 'This file could not be read as a picture.' };
  }
  try {
    for (const side of SIDES) {
      for (const quality of [0.85, 0.6]) {
        const src = encode(bitmap, side, quality);
        if (src !== '' && src.length <= limit) return { ok: true, src };
      }
    }
    return { ok: false, message: IMAGE_TOO_LARGE_MESSAGE };
  } finally {
    bitmap.close();
  }
}
