import { describe, expect, it } from 'vitest';
import { ANSWER_CLASSES, isAllowedImageSrc, MAX_IMAGE_DATA_URL_CHARS } from './answer-html.ts';

describe('answer HTML', () => {
  it('allows the raster picture types as base64 data URLs, and nothing else', () => {
    expect(isAllowedImageSrc('data:image/gif;base64,R0lGOD==')).toBe(true);
    expect(isAllowedImageSrc('data:image/jpeg;base64,/9j/')).toBe(true);
    expect(isAllowedImageSrc('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isAllowedImageSrc('data:image/png,plain')).toBe(false);
    expect(isAllowedImageSrc('https://example.com/a.png')).toBe(false);
    expect(isAllowedImageSrc(`data:image/png;base64,${'A'.repeat(MAX_IMAGE_DATA_URL_CHARS)}`)).toBe(false);
    expect(isAllowedImageSrc('data:image/png;base64,iVBORw0KGgo=<script>')).toBe(false);
  });

  it('names every class the editor writes', () => {
    expect(ANSWER_CLASSES.p).toEqual([
      'ql-indent-1',
      'ql-indent-2',
      'ql-indent-3',
      'ql-indent-4',
      'ql-indent-5',
      'ql-indent-6',
      'ql-indent-7',
      'ql-indent-8',
    ]);
    expect(ANSWER_CLASSES.span).toEqual([
      'ql-font-serif',
      'ql-font-monospace',
      'ql-size-small',
      'ql-size-large',
      'ql-size-huge',
    ]);
  });
});
