import { type AnswerNodeInput, answerTreeSchema } from '@assessment/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CandidateRichText } from './CandidateRichText.tsx';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** A tree as a server with a hole in it might send: every way of asking a browser to run something. */
const HOSTILE: unknown[] = [
  { tag: 'p', onmouseover: 'alert(1)', style: 'background:url(javascript:alert(2))', children: ['hover me'] },
  { tag: 'img', src: 'x', onerror: 'alert(3)' },
  { tag: 'script', children: ['alert(4)'] },
  { tag: 'svg', onload: 'alert(5)', children: [{ tag: 'script', children: ['alert(6)'] }] },
  { tag: 'iframe', srcdoc: '<script>alert(7)</script>' },
  { tag: 'a', href: 'javascript:alert(8)', children: ['a link'] },
  { tag: 'a', href: 'https://fine.example', onclick: 'alert(9)', target: '_top', children: ['fine link'] },
  { tag: 'img', src: 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIj4=' },
  { tag: 'details', open: true, ontoggle: 'alert(10)', children: ['x'] },
  { tag: 'span', class: 'ql-font-serif" onclick="alert(11)', children: ['quoted'] },
  { tag: 'p', dangerouslySetInnerHTML: { __html: '<img src=x onerror=alert(12)>' }, children: ['inner'] },
  '<img src=x onerror=alert(13)>',
];

function render(nodes: unknown[]): string {
  return renderToStaticMarkup(<CandidateRichText nodes={answerTreeSchema.parse(nodes)} />);
}

describe('what a candidate wrote on the review page', () => {
  it('renders the editor’s elements with the page’s own attributes', () => {
    const nodes: AnswerNodeInput[] = [
      { tag: 'h1', children: ['Title'] },
      { tag: 'p', class: 'ql-indent-2', children: [{ tag: 'strong', children: ['b'] }, { tag: 'br' }] },
      {
        tag: 'p',
        children: [
          { tag: 'a', href: 'https://a.example/', children: ['l'] },
          { tag: 'img', src: PNG },
        ],
      },
    ];
    expect(render(nodes)).toBe(
      '<div class="answer-html"><h1>Title</h1><p class="ql-indent-2"><strong>b</strong><br/></p>' +
        '<p><a href="https://a.example/" target="_blank" rel="noopener noreferrer nofollow">l</a>' +
        `<img src="${PNG}" alt="Picture added by the candidate"/></p></div>`,
    );
  });

  it('never gives an element an attribute or a tag outside the allow-list, from any tree it is sent', () => {
    const html = render(HOSTILE);
    const tags = html.match(/<[^>]*>/g) ?? [];
    for (const tag of tags) {
      expect(tag).toMatch(/^<\/?(div|p|a|span|img|br)[\s/>]/);
      expect(tag).not.toMatch(/\son\w+=|style=|javascript:|svg\+xml|srcdoc|_top|src="x"/i);
    }
    expect(html).toContain('<p>hover me</p>');
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer nofollow">a link</a>');
    expect(html).toContain('<span>quoted</span>');
    expect(html).toContain('<p>inner</p>');
    // Markup in text stays text.
    expect(html).toContain('&lt;img src=x onerror=alert(13)&gt;');
  });
});
