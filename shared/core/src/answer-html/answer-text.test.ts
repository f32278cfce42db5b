import { describe, expect, it } from 'vitest';
import { answerPlainText } from './answer-text.ts';
import type { AnswerNodeInput } from './answer-tree.ts';

const p = (...children: AnswerNodeInput[]): AnswerNodeInput => ({ tag: 'p', children });
const li = (text: string, indent = 0): AnswerNodeInput => ({
  tag: 'li',
  ...(indent ? { class: `ql-indent-${indent}` } : {}),
  children: [text],
});

describe('answerPlainText', () => {
  it('keeps paragraphs apart by a blank line and a line break as a line break, without formatting', () => {
    const nodes = [
      p('Costs ', { tag: 'strong', children: ['fell'] }, ' by 4%.'),
      p({ tag: 'br' }),
      { tag: 'h2', children: ['Next'] },
      p('First line', { tag: 'br' }, { tag: 'span', class: 'ql-size-large', children: ['second line'] }),
    ];
    expect(answerPlainText(nodes)).toBe('Costs fell by 4%.\n\nNext\n\nFirst line\nsecond line');
  });

  it('writes lists one item a line, numbered or dashed, indented per level', () => {
    const nodes = [
      p('Steps:'),
      { tag: 'ol', children: [li('Look'), li('closer', 1), li('again', 1), li('Decide'), li('why', 1)] },
      { tag: 'ul', children: [li('one'), li('two')] },
    ];
    expect(answerPlainText(nodes)).toBe(
      'Steps:\n\n1. Look\n  1. closer\n  2. again\n2. Decide\n  1. why\n\n- one\n- two',
    );
  });

  it('keeps a link’s address beside its words, once where they are the same', () => {
    const nodes = [
      p(
        'See ',
        { tag: 'a', href: 'https://example.com/report', children: ['the report'] },
        ', mail ',
        { tag: 'a', href: 'mailto:cfo@example.com', children: ['cfo@example.com'] },
        ' or ',
        { tag: 'a', href: 'https://example.com', children: ['https://example.com'] },
      ),
    ];
    expect(answerPlainText(nodes)).toBe(
      'See the report (https://example.com/report), mail cfo@example.com or https://example.com',
    );
  });

  it('marks a quote and a picture, indents a paragraph, and gives nothing for an empty answer', () => {
    expect(
      answerPlainText([
        { tag: 'blockquote', children: ['Said', { tag: 'br' }, 'twice'] },
        { tag: 'p', class: 'ql-indent-2', children: [{ tag: 'img', src: 'data:image/png;base64,AAAA' }] },
      ]),
    ).toBe('> Said\n> twice\n\n    [picture]');
    expect(answerPlainText([p({ tag: 'br' }), p('\u00a0')])).toBe('');
    expect(answerPlainText(['loose text'])).toBe('loose text');
  });
});
