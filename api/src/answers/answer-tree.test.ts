import type { AnswerNode } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { answerTree } from './answer-tree.ts';
import { sanitizeAnswer } from './sanitize.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** HTML that tries every way of making a reader's browser run something. */
const HOSTILE = [
  '<p>plain <img src=x onerror="alert(1)"></p>',
  '<script>alert(2)</script>',
  '<p><a href="javascript:alert(3)">a link</a></p>',
  '<svg><script>alert(4)</script></svg>',
  '<iframe srcdoc="<script>alert(5)</script>"></iframe>',
  '<p style="background:url(javascript:alert(9))" onmouseover="alert(10)">hover me</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(6)>"></noscript>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(7)></style></mglyph></table></mtext></math>',
  '<form><math><mtext></form><form><mglyph><style></math><img src=x onerror=alert(8)>',
  '<a href="https://fine.example" onclick="alert(11)" target="_top" id="cookie">fine link</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIj4=">',
  '<object data="javascript:alert(12)"></object><embed src="javascript:alert(13)">',
  '<details open ontoggle="alert(14)"><summary>x</summary></details>',
  `<p class="ql-indent-2 evil" data-x="1"><span class="ql-font-serif" style="x">serif</span><img src="${PNG}" onload="alert(15)"></p>`,
].join('');

const ELEMENT_KEYS = new Set(['tag', 'class', 'href', 'src', 'children']);
const TAGS = new Set([
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
]);

function* elements(nodes: AnswerNode[]): Generator<Exclude<AnswerNode, string>> {
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    yield node;
    yield* elements(node.children ?? []);
  }
}

describe('the answer tree the review page renders', () => {
  it('is the editor’s own markup, element for element', () => {
    const html = `<h1>Title</h1><p class="ql-indent-1"><strong>b</strong> &amp; <a href="https://a.example/x" rel="noopener noreferrer" target="_blank">l</a><br /></p><ol><li>one</li></ol><p><img src="${PNG}" /></p>`;
    expect(answerTree(html)).toEqual([
      { tag: 'h1', children: ['Title'] },
      {
        tag: 'p',
        class: 'ql-indent-1',
        children: [
          { tag: 'strong', children: ['b'] },
          ' & ',
          { tag: 'a', href: 'https://a.example/x', children: ['l'] },
          { tag: 'br' },
        ],
      },
      { tag: 'ol', children: [{ tag: 'li', children: ['one'] }] },
      { tag: 'p', children: [{ tag: 'img', src: PNG }] },
    ]);
  });

  it('carries no attribute and no element outside the allow-list, even from HTML the server never sanitized', () => {
    for (const html of [HOSTILE, sanitizeAnswer(HOSTILE)]) {
      const tree = answerTree(html);
      for (const element of elements(tree)) {
        expect(TAGS.has(element.tag), element.tag).toBe(true);
        for (const key of Object.keys(element)) expect(ELEMENT_KEYS.has(key), key).toBe(true);
        if (element.href !== undefined) expect(element.href).toMatch(/^(https?|mailto|tel):/);
        if (element.src !== undefined) expect(element.src).toBe(PNG);
      }
      const json = JSON.stringify(tree);
      expect(json).not.toMatch(/onerror|onclick|onmouseover|ontoggle|onload|style|javascript:|svg\+xml|cookie|_top/i);
    }
  });

  it('keeps what a hostile answer says as text, never as markup', () => {
    expect(answerTree('<p>&lt;img src=x onerror=alert(1)&gt;</p>')).toEqual([
      { tag: 'p', children: ['<img src=x onerror=alert(1)>'] },
    ]);
    expect(answerTree(HOSTILE)).toContainEqual({ tag: 'p', children: ['hover me'] });
  });
});
