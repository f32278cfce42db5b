import { describe, expect, it } from 'vitest';
import { allowedElement, answerHasContent, answerTreeSchema } from './answer-tree.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('an answer tree', () => {
  it('has content when it holds text or a picture', () => {
    expect(answerHasContent([{ tag: 'p', children: ['Hello'] }])).toBe(true);
    expect(answerHasContent([{ tag: 'p', children: [{ tag: 'img', src: PNG }] }])).toBe(true);
  });

  it('has none when it holds only empty paragraphs or spaces', () => {
    expect(answerHasContent([])).toBe(false);
    expect(answerHasContent([{ tag: 'p' }, { tag: 'p', children: [{ tag: 'br' }] }])).toBe(false);
    expect(
      answerHasContent([
        { tag: 'p', children: ['\u00a0 '] },
        { tag: 'p', children: [] },
      ]),
    ).toBe(false);
  });

  it('keeps an element only as the allow-list has it', () => {
    expect(allowedElement('p', { class: 'ql-indent-3 evil' })).toEqual({ tag: 'p', class: 'ql-indent-3' });
    expect(allowedElement('blockquote', { class: 'ql-indent-2' })).toEqual({ tag: 'blockquote' });
    expect(allowedElement('a', { href: ' https://a.example ' })).toEqual({ tag: 'a', href: 'https://a.example' });
    for (const href of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//a.example', '/local']) {
      expect(allowedElement('a', { href })).toEqual({ tag: 'a' });
    }
    expect(allowedElement('img', { src: PNG })).toEqual({ tag: 'img', src: PNG });
    expect(allowedElement('img', { src: 'data:image/svg+xml;base64,PHN2Zz4=' })).toBeUndefined();
    expect(allowedElement('img', { src: 'https://tracker.example/pixel.png' })).toBeUndefined();
    for (const tag of ['script', 'svg', 'iframe', 'style', 'div', 'P']) expect(allowedElement(tag, {})).toBeUndefined();
  });

  it('drops every key the page does not read when it is checked', () => {
    const parsed = answerTreeSchema.parse([{ tag: 'p', onclick: 'x()', style: 'color:red', children: ['t'] }]);
    expect(parsed).toEqual([{ tag: 'p', children: ['t'] }]);
  });
});
