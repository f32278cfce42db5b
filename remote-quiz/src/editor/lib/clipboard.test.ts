import { describe, expect, it } from 'vitest';
import { answerFragment } from './clipboard.ts';

const encode = (value: unknown) => btoa(encodeURIComponent(JSON.stringify(value)));

describe('Slate clipboard fragments', () => {
  it('accepts a fragment made of answer formats, as copied from another answer', () => {
    const fragment = [
      { type: 'paragraph', indent: 2, children: [{ text: 'a', bold: true, font: 'serif' }] },
      { type: 'numbered-list', children: [{ type: 'list-item', children: [{ text: 'b' }] }] },
      {
        type: 'paragraph',
        children: [{ text: '' }, { type: 'link', url: 'https://a.example', children: [{ text: 'l' }] }, { text: '' }],
      },
    ];
    expect(answerFragment(encode(fragment))).toEqual(fragment);
  });

  it.each([
    ['an unknown element', [{ type: 'script', children: [{ text: 'x' }] }]],
    ['an unknown property', [{ type: 'paragraph', onclick: 'x', children: [{ text: 'x' }] }]],
    ['an unknown mark', [{ type: 'paragraph', children: [{ text: 'x', color: 'red' }] }]],
    ['a mark with a strange value', [{ type: 'paragraph', children: [{ text: 'x', font: 'Comic Sans' }] }]],
    ['an indent out of range', [{ type: 'paragraph', indent: 40, children: [{ text: 'x' }] }]],
    ['an element without children', [{ type: 'paragraph', children: [] }]],
    ['something that is not a list of nodes', { type: 'paragraph' }],
  ])('refuses %s (the paste is then read as HTML)', (_name, fragment) => {
    expect(answerFragment(encode(fragment))).toBeUndefined();
  });

  it('refuses what is not an encoded fragment at all', () => {
    expect(answerFragment('%%%not base64')).toBeUndefined();
    expect(answerFragment(btoa('not json'))).toBeUndefined();
  });
});
