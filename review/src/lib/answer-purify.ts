import { ANSWER_CLASSES, ANSWER_LINK_SCHEMES, ANSWER_TAGS, isAllowedImageSrc } from '@assessment/core';
import type { Config } from 'dompurify';

/**
 * The browser's own check of a candidate's answer HTML, a second wall behind the server's sanitizer
 * and the Content-Security-Policy. It allows exactly what the quiz editor writes (the lists in
 * @assessment/core), so a well-formed answer looks the same and anything else is dropped.
 */
/** Ordinary web, mail and phone links only; DOMPurify checks `href` and `src` against it. */
export const ANSWER_URI = new RegExp(`^(?:${ANSWER_LINK_SCHEMES.join('|')}):`, 'i');

export const ANSWER_PURIFY_CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS: [...ANSWER_TAGS],
  // `rel` and `target` are not taken from the answer: every link gets the same safe ones below.
  ALLOWED_ATTR: ['href', 'src', 'class'],
  ALLOWED_URI_REGEXP: ANSWER_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // A fragment goes into the page as nodes, never through an HTML string parsed a second time.
  RETURN_DOM_FRAGMENT: true,
};

/** What a picture in an answer is called for a screen reader; the editor stores no description. */
export const ANSWER_PICTURE_ALT = 'Picture added by the candidate';

/** Links open in a new tab that cannot reach back into this page, and pass on no address. */
export const ANSWER_LINK_REL = 'noopener noreferrer nofollow';

/** The classes `tag` may carry, from those it has; a class the editor never writes is dropped. */
export function allowedClasses(tag: string, classes: readonly string[]): string[] {
  const allowed: readonly string[] = (ANSWER_CLASSES as Record<string, readonly string[]>)[tag.toLowerCase()] ?? [];
  return classes.filter((name) => allowed.includes(name));
}

/** A picture is shown only when it is an inline raster image of the size the editor makes. */
export function isShownPicture(src: string | null): boolean {
  return isAllowedImageSrc(src ?? undefined);
}
