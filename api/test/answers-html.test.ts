import {
  type AnswerDocument,
  type BlockElement,
  type FormattedText,
  type InlineNode,
  serializeAnswer,
  type TextBlockElement,
  type TextBlockType,
} from 'remote-quiz/answer-format';
import { describe, expect, it } from 'vitest';
import { ANSWER_MAX_DEPTH, ANSWER_MAX_ELEMENTS, answerShapeProblem } from '../src/answers/answer-shape.ts';
import { canonicalAnswer } from '../src/answers/canonical-answer.ts';
import { cleanAnswers } from '../src/answers/clean-answers.ts';
import { sanitizeAnswer } from '../src/answers/sanitize.ts';

/** A small deterministic random source, so a failure can be replayed. */
function randomSource(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const WORDS = ['growth', 'a & b', '<tag>', '"quoted"', "it's", 'x > y', 'naïve', ' spaced ', 'line\nbreak', '€'];
const URLS = [
  'https://a.example/x?y=1&z=2',
  'http://b.example',
  'mailto:a@b.example',
  'tel:+123',
  'https://c.example/"q"',
];

/** Documents as the quiz editor holds them, with every format its toolbar can apply. */
function randomDocument(seed: number): AnswerDocument {
  const { next, pick } = randomSource(seed);
  const leaf = (): FormattedText => {
    const text: FormattedText = { text: pick(WORDS) };
    if (next() < 0.3) text.bold = true;
    if (next() < 0.3) text.italic = true;
    if (next() < 0.2) text.underline = true;
    if (next() < 0.2) text.strike = true;
    if (next() < 0.2) text.font = pick(['serif', 'monospace'] as const);
    if (next() < 0.2) text.size = pick(['small', 'large', 'huge'] as const);
    return text;
  };
  const inline = (): InlineNode => {
    const roll = next();
    if (roll < 0.1) return { type: 'link', url: pick(URLS), children: [leaf(), leaf()] };
    if (roll < 0.15) return { type: 'image', src: PNG, children: [{ text: '' }] };
    return leaf();
  };
  const textBlock = (type: TextBlockType): TextBlockElement => {
    const block: TextBlockElement = { type, children: Array.from({ length: 1 + Math.floor(next() * 4) }, inline) };
    if (type !== 'block-quote' && next() < 0.3) block.indent = 1 + Math.floor(next() * 8);
    if (next() < 0.1) block.children = [{ text: '' }];
    return block;
  };
  const block = (): BlockElement => {
    const type = pick([
      'paragraph',
      'heading-one',
      'heading-two',
      'block-quote',
      'numbered-list',
      'bulleted-list',
    ] as const);
    if (type === 'numbered-list' || type === 'bulleted-list') {
      return { type, children: Array.from({ length: 1 + Math.floor(next() * 3) }, () => textBlock('list-item')) };
    }
    return textBlock(type);
  };
  return Array.from({ length: 1 + Math.floor(next() * 6) }, block);
}

describe('the fast path for what the editor writes', () => {
  it('reads every answer the editor serializes, and writes exactly what sanitize-html writes', () => {
    for (let seed = 1; seed <= 400; seed += 1) {
      const html = serializeAnswer(randomDocument(seed));
      expect(canonicalAnswer(html), `seed ${seed}: ${html}`).toBe(sanitizeAnswer(html));
    }
  });

  it('never accepts anything that sanitize-html would write differently', () => {
    const { next, pick } = randomSource(7);
    const pieces = [
      '<p>',
      '</p>',
      '<li>',
      '<ol>',
      '</ol>',
      '<a href="javascript:x">',
      '<a href="https://x.example">',
      '</a>',
      '<img src="https://t.example/p.png">',
      `<img src="${PNG}">`,
      '<span class="evil">',
      '<span class="ql-size-large">',
      '</span>',
      '<strong>',
      '</strong>',
      '<br>',
      '<br/>',
      '&nbsp;',
      '&amp;',
      '&#60;',
      'text',
      '"',
      "'",
      '>',
      '<',
      '<P>',
      '<script>',
      '</script>',
      '<!-- c -->',
      '<p class="ql-indent-9">',
      '<p onclick="x()">',
      '\0',
      ' ',
      '&quot;',
      '&lt;',
      '&gt',
      '<p class="ql-indent-1">',
      '<p class="ql-indent-1>',
      '<a href="https://x.example/?a=1&amp;b=2">',
      '<br />',
      '</p class="x">',
      '<li >',
      '<h1>',
      '</h1>',
    ];
    for (let round = 0; round < 20_000; round += 1) {
      const html = Array.from({ length: 1 + Math.floor(next() * 8) }, () => pick(pieces)).join('');
      const fast = canonicalAnswer(html);
      if (fast !== undefined) expect(fast, html).toBe(sanitizeAnswer(html));
    }
  });

  it('never accepts a near miss of the editor’s structure that sanitize-html writes differently', () => {
    // Too rare among random pieces: each needs three or more of them in the right order.
    const nearMisses = [
      '<blockquote class="ql-indent-1">x</blockquote>',
      '<h1 class="ql-font-serif">x</h1>',
      '<ul class="ql-indent-2"><li>x</li></ul>',
      '<p><strong class="ql-indent-1">x</strong></p>',
      '<p><span class="ql-indent-1 ql-font-serif">x</span></p>',
      '<p><span class="ql-color-red">x</span></p>',
      '<p><a href="https://a.example">x<a href="https://b.example">y</a></a></p>',
      '<li>x</li>',
      '<p><li>x</li></p>',
      '<ol>x</ol>',
      '<ol><p>x</p></ol>',
      '<p><p>x</p></p>',
      '<p><blockquote>x</blockquote></p>',
      '<p><br>x<br></p>',
      '<p><img src="https://t.example/p.png"></p>',
    ];
    for (const html of nearMisses) {
      const fast = canonicalAnswer(html);
      if (fast !== undefined) expect(fast, html).toBe(sanitizeAnswer(html));
    }
  });
});

describe('answers the editor cannot write', () => {
  const hostile = '<span>'.repeat(49_000);

  it('are refused before sanitizing when nested deeper than the editor writes, naming the limit', () => {
    expect(answerShapeProblem(hostile)).toEqual({
      message: `nests HTML elements more than ${ANSWER_MAX_DEPTH} deep, deeper than the answer editor writes`,
      hostile: true,
    });
    expect(answerShapeProblem('<a href="https://x.example">'.repeat(40_000))?.message).toMatch(/more than 16 deep/);
    expect(cleanAnswers([hostile, '', ''])).toEqual({
      error: `answers.0: nests HTML elements more than ${ANSWER_MAX_DEPTH} deep, deeper than the answer editor writes`,
      hostile: true,
    });
  });

  it('are refused when they hold more elements than the editor writes, however flat', () => {
    expect(answerShapeProblem('<p>x</p>'.repeat(ANSWER_MAX_ELEMENTS))).toBeUndefined();
    expect(answerShapeProblem('<p>'.repeat(40_000))?.message).toMatch(`more than ${ANSWER_MAX_ELEMENTS} HTML elements`);
    expect(answerShapeProblem('<span></span>'.repeat(40_000))).toEqual({
      message: `has more than ${ANSWER_MAX_ELEMENTS} HTML elements, more than the answer editor writes`,
      hostile: false,
    });
  });

  it('see the nesting the sanitizer sees, past comments, raw text and quotes', () => {
    const deep = '<span>'.repeat(ANSWER_MAX_DEPTH + 1);
    expect(answerShapeProblem(`<!-- <span x=" -->${deep}`)?.message).toMatch(/deep/);
    expect(answerShapeProblem(`<script><span a="</script>${deep}">`)?.message).toMatch(/deep/);
    expect(answerShapeProblem(`<span title="<">`.repeat(ANSWER_MAX_DEPTH + 1))?.message).toMatch(/deep/);
  });

  it('are otherwise sanitized with sanitize-html', () => {
    expect(cleanAnswers(['<P>Hi<SCRIPT>x()</SCRIPT></P>', '<p>ok<br></p>', ''])).toEqual({
      answers: ['<p>Hi</p>', '<p>ok<br /></p>', ''],
    });
  });
});
