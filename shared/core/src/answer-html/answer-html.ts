/**
 * The HTML an answer may hold: what the quiz editor writes, and all the server keeps. Agreed once
 * here, so the editor and the server's sanitizer can never drift apart. The editor writes Quill's
 * class names (`ql-font-serif`, `ql-size-large`, `ql-indent-3`) so answers saved by the product this
 * one replaces read the same.
 */

export const ANSWER_FONTS = ['serif', 'monospace'] as const;
export const ANSWER_SIZES = ['small', 'large', 'huge'] as const;
/** Indent levels 1 to this; 0 (no class) is not indented. */
export const MAX_ANSWER_INDENT = 8;

export const ANSWER_TAGS = [
  'p',
  'h1',
  'h2',
  'strong',
  'em',
  'u',
  's',
  'blockquote',
  'ol',
  'ul',
  'li',
  'a',
  'img',
  'br',
  'span',
] as const;

export const ANSWER_ATTRIBUTES = { a: ['href', 'rel', 'target'], img: ['src'] } as const;

const indentClasses = Array.from({ length: MAX_ANSWER_INDENT }, (_, index) => `ql-indent-${index + 1}`);

/** The classes each tag may carry; a quote is never indented. */
export const ANSWER_CLASSES = {
  p: indentClasses,
  h1: indentClasses,
  h2: indentClasses,
  li: indentClasses,
  span: [...ANSWER_FONTS.map((font) => `ql-font-${font}`), ...ANSWER_SIZES.map((size) => `ql-size-${size}`)],
} as const;

/** Ordinary web, mail and phone links only: a `javascript:` or `data:` link would run in the reader's browser. */
export const ANSWER_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/**
 * Pictures: inline data URLs of raster types only (an SVG can carry script), no larger than the
 * editor makes them, so an answer never makes a reader's browser fetch anything. The quiz editor
 * keeps only these, and the server drops any other `<img>`.
 */
export const ANSWER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** The data URL of one picture after downscaling; pictures that stay larger are refused. */
export const MAX_IMAGE_DATA_URL_CHARS = 250_000;

export const ANSWER_IMAGE_DATA_URL = new RegExp(
  `^data:image/(${ANSWER_IMAGE_TYPES.map((type) => type.slice('image/'.length)).join('|')});base64,[A-Za-z0-9+/]+={0,2}$`,
);

export function isAllowedImageSrc(src: string | undefined): src is string {
  return src !== undefined && src.length <= MAX_IMAGE_DATA_URL_CHARS && ANSWER_IMAGE_DATA_URL.test(src);
}
