import { ANSWER_IMAGE_TYPES } from '@assessment/core';

/**
 * Limits for pictures in an answer. They are stored inline as data URLs, in this browser and on
 * the server, so they are downscaled and capped well inside the server's limit for one answer.
 * Which pictures an answer may hold (types, size of a data URL) is agreed with the server in
 * @assessment/core (answer HTML).
 */
export { isAllowedImageSrc, MAX_IMAGE_DATA_URL_CHARS } from '@assessment/core';

/** A chosen file larger than this is refused before it is even read. */
export const MAX_IMAGE_FILE_BYTES = 15 * 1024 * 1024;
/** The longest side after downscaling. */
export const MAX_IMAGE_SIDE = 1280;
export const ACCEPTED_IMAGE_TYPES = ANSWER_IMAGE_TYPES;

export function isAcceptedImageType(type: string): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type);
}

/** The size to draw a picture at: within `maxSide` on both sides, never enlarged, proportions kept. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export const IMAGE_TOO_LARGE_MESSAGE =
  'This picture is too large to add, even after making it smaller. Please choose a smaller picture or crop it first.';
