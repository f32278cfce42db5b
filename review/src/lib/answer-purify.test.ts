import { describe, expect, it } from 'vitest';
import { ANSWER_URI, allowedClasses, isShownPicture } from './answer-purify.ts';

describe("the browser's check of answer HTML", () => {
  it('keeps the classes the editor writes on the tags it writes them on', () => {
    expect(allowedClasses('P', ['ql-indent-3', 'evil'])).toEqual(['ql-indent-3']);
    expect(allowedClasses('span', ['ql-font-serif', 'ql-size-huge', 'ql-indent-1'])).toEqual([
      'ql-font-serif',
      'ql-size-huge',
    ]);
    expect(allowedClasses('blockquote', ['ql-indent-2'])).toEqual([]);
    expect(allowedClasses('div', ['ql-indent-2'])).toEqual([]);
  });

  it('allows only web, mail and phone links', () => {
    const allowed = (href: string) => ANSWER_URI.test(href);
    expect(['https://a.example', 'http://a.example', 'mailto:a@b.example', 'tel:+100'].every(allowed)).toBe(true);
    expect(['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//a.example', '/local'].some(allowed)).toBe(
      false,
    );
  });

  it('shows only inline raster pictures', () => {
    expect(isShownPicture('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isShownPicture('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isShownPicture('https://tracker.example/pixel.png')).toBe(false);
    expect(isShownPicture(null)).toBe(false);
  });
});
