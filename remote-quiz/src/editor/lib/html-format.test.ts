import { Editor, Transforms } from 'slate';
import { describe, expect, it } from 'vitest';
import { cleanPastedHtml, deserializeAnswer } from './html-deserialize.ts';
import { serializeAnswer } from './html-serialize.ts';
import { normalized, testEditor } from './test-editor.ts';
import type { AnswerDocument, BlockElement, FormattedText, InlineNode, TextBlockElement } from './types.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const p = (...children: InlineNode[]): TextBlockElement => ({ type: 'paragraph', children });
const t = (text: string, marks: Omit<FormattedText, 'text'> = {}): FormattedText => ({ text, ...marks });

/** Every format of the toolbar, each with the HTML it must become (the sanitizer's vocabulary). */
const FORMATS: [string, AnswerDocument, string][] = [
  ['plain text', [p(t('Hello'))], '<p>Hello</p>'],
  ['header 1', [{ type: 'heading-one', children: [t('Title')] }], '<h1>Title</h1>'],
  ['header 2', [{ type: 'heading-two', children: [t('Part')] }], '<h2>Part</h2>'],
  ['bold', [p(t('a '), t('b', { bold: true }))], '<p>a <strong>b</strong></p>'],
  ['italic', [p(t('i', { italic: true }))], '<p><em>i</em></p>'],
  ['underline', [p(t('u', { underline: true }))], '<p><u>u</u></p>'],
  ['strike', [p(t('s', { strike: true }))], '<p><s>s</s></p>'],
  ['serif font', [p(t('f', { font: 'serif' }))], '<p><span class="ql-font-serif">f</span></p>'],
  ['monospace font', [p(t('f', { font: 'monospace' }))], '<p><span class="ql-font-monospace">f</span></p>'],
  ['small size', [p(t('z', { size: 'small' }))], '<p><span class="ql-size-small">z</span></p>'],
  ['large size', [p(t('z', { size: 'large' }))], '<p><span class="ql-size-large">z</span></p>'],
  ['huge size', [p(t('z', { size: 'huge' }))], '<p><span class="ql-size-huge">z</span></p>'],
  [
    'every mark at once',
    [p(t('all', { bold: true, italic: true, underline: true, strike: true, font: 'serif', size: 'huge' }))],
    '<p><span class="ql-font-serif ql-size-huge"><strong><em><u><s>all</s></u></em></strong></span></p>',
  ],
  ['blockquote', [{ type: 'block-quote', children: [t('quoted')] }], '<blockquote>quoted</blockquote>'],
  [
    'ordered list',
    [
      {
        type: 'numbered-list',
        children: [
          { type: 'list-item', children: [t('one')] },
          { type: 'list-item', children: [t('two')] },
        ],
      },
    ],
    '<ol><li>one</li><li>two</li></ol>',
  ],
  [
    'bullet list with indents',
    [
      {
        type: 'bulleted-list',
        children: [
          { type: 'list-item', children: [t('top')] },
          { type: 'list-item', indent: 1, children: [t('inner')] },
          { type: 'list-item', indent: 8, children: [t('deepest')] },
        ],
      },
    ],
    '<ul><li>top</li><li class="ql-indent-1">inner</li><li class="ql-indent-8">deepest</li></ul>',
  ],
  ['indented paragraph', [{ type: 'paragraph', indent: 3, children: [t('x')] }], '<p class="ql-indent-3">x</p>'],
  ['indented header', [{ type: 'heading-two', indent: 2, children: [t('x')] }], '<h2 class="ql-indent-2">x</h2>'],
  [
    'link',
    [p(t('see '), { type: 'link', url: 'https://example.com/a?b=1&c=2', children: [t('here')] }, t(''))],
    '<p>see <a href="https://example.com/a?b=1&amp;c=2">here</a></p>',
  ],
  [
    'mailto and tel links with marks',
    [
      p(
        t(''),
        { type: 'link', url: 'mailto:ada@example.com', children: [t('mail', { bold: true })] },
        t(' or '),
        { type: 'link', url: 'tel:+44 20 7946 0000', children: [t('call')] },
        t(''),
      ),
    ],
    '<p><a href="mailto:ada@example.com"><strong>mail</strong></a> or <a href="tel:+44 20 7946 0000">call</a></p>',
  ],
  ['image alone', [p(t(''), { type: 'image', src: PNG, children: [t('')] }, t(''))], `<p><img src="${PNG}"></p>`],
  [
    'image inside text',
    [p(t('before '), { type: 'image', src: PNG, children: [t('')] }, t(' after'))],
    `<p>before <img src="${PNG}"> after</p>`,
  ],
  ['empty lines between paragraphs', [p(t('a')), p(t('')), p(t('b'))], '<p>a</p><p><br></p><p>b</p>'],
  ['line breaks inside a paragraph', [p(t('a\nb'))], '<p>a<br>b</p>'],
  ['a line break at the end', [p(t('a\n'))], '<p>a<br><br></p>'],
  ['only line breaks', [p(t('\n\n'))], '<p><br><br><br></p>'],
  ['a bold line break at the end', [p(t('a\n', { bold: true }))], '<p><strong>a<br></strong><br></p>'],
  [
    'characters that mean something in HTML',
    [p(t('<script>alert("x")</script> & \'quotes\''))],
    "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; 'quotes'</p>",
  ],
  ['spaces kept as typed', [p(t('  two  spaces  '))], '<p>  two  spaces  </p>'],
  ['non-breaking space and emoji', [p(t('a\u00a0b 😀 ünïcødé'))], '<p>a\u00a0b 😀 ünïcødé</p>'],
  ['empty header', [{ type: 'heading-one', children: [t('')] }], '<h1><br></h1>'],
  [
    'empty list item',
    [{ type: 'numbered-list', children: [{ type: 'list-item', children: [t('')] }] }],
    '<ol><li><br></li></ol>',
  ],
];

describe('answer HTML', () => {
  it.each(FORMATS)('writes %s in the sanitizer vocabulary and reads it back unchanged', (_name, document, html) => {
    expect(normalized(document), 'the example is already in Slate normal form').toEqual(document);
    expect(serializeAnswer(document)).toBe(html);
    expect(deserializeAnswer(html)).toEqual(document);
  });

  it('stores an untouched editor as the empty string and reads it back as one empty paragraph', () => {
    expect(serializeAnswer([p(t(''))])).toBe('');
    expect(deserializeAnswer('')).toEqual([p(t(''))]);
  });

  it('reads the HTML the server sends back after sanitizing (rel and target on links, XHTML void elements)', () => {
    const stored = `<p><a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>a<br />b<img src="${PNG}" /></p><p><br /></p>`;
    expect(deserializeAnswer(stored)).toEqual([
      p(
        t(''),
        { type: 'link', url: 'https://example.com', children: [t('x')] },
        t('a\nb'),
        { type: 'image', src: PNG, children: [t('')] },
        t(''),
      ),
      p(t('')),
    ]);
  });

  it('never writes a link or picture it would refuse to read', () => {
    const html = serializeAnswer([
      p(
        t(''),
        { type: 'link', url: 'javascript:alert(1)', children: [t('x')] },
        t(''),
        { type: 'image', src: 'data:image/svg+xml;base64,AAAA', children: [t('')] },
        t(''),
      ),
    ]);
    expect(deserializeAnswer(html)).toEqual([p(t('x'))]);
  });

  it('writes an edited answer as a fresh one, though it writes again only the blocks that changed', () => {
    const editor = testEditor([
      p(t('first')),
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [t('item')] }] },
      p(t('last')),
    ]);
    expect(serializeAnswer(editor.children as AnswerDocument)).toBe('<p>first</p><ul><li>item</li></ul><p>last</p>');
    Transforms.insertText(editor, ' one', { at: Editor.end(editor, [1, 0]) });
    Transforms.setNodes(editor, { type: 'heading-one' }, { at: [2] });
    const edited = editor.children as AnswerDocument;
    expect(serializeAnswer(edited)).toBe('<p>first</p><ul><li>item one</li></ul><h1>last</h1>');
    expect(serializeAnswer(edited)).toBe(serializeAnswer(structuredClone(edited)));
  });

  describe('round trip of generated documents', () => {
    it('keeps 300 random documents made of every format exactly', () => {
      const random = seeded(20240611);
      for (let run = 0; run < 300; run += 1) {
        const document = normalized(randomDocument(random));
        const html = serializeAnswer(document);
        expect(withoutMarksOnEmptyText(deserializeAnswer(html)), html).toEqual(withoutMarksOnEmptyText(document));
      }
    });
  });
});

describe('pasted HTML', () => {
  it('keeps the formats of a Google Docs paste and drops its wrappers and styles', () => {
    const html =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr" style="line-height:1.38"><span style="font-size:11pt;font-family:Arial;font-weight:700;">Bold</span><span style="font-size:11pt;font-family:Arial;font-weight:400;"> plain </span><span style="font-style:italic;text-decoration:underline;">both</span></p><p dir="ltr"><span style="text-decoration:line-through">gone</span></p></b>';
    expect(cleanPastedHtml(html)).toEqual([
      p(t('Bold', { bold: true }), t(' plain '), t('both', { italic: true, underline: true })),
      p(t('gone', { strike: true })),
    ]);
  });

  it('keeps Word paragraphs and drops its Office markup', () => {
    const html =
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head><body><!--StartFragment--><p class=MsoNormal>First<o:p></o:p></p><p class=MsoNormal><b>Second</b><o:p></o:p></p><!--EndFragment--></body></html>';
    expect(cleanPastedHtml(html)).toEqual([p(t('First')), p(t('Second', { bold: true }))]);
  });

  it('removes scripts, styles, event handlers and forms', () => {
    const html =
      '<p onclick="steal()">safe<script>steal()</script><style>p{color:red}</style></p><iframe src="https://evil.example"></iframe><button>Click</button><input value="x">';
    expect(cleanPastedHtml(html)).toEqual([p(t('safe'))]);
  });

  it('keeps the text of links with a refused or relative address, and the links that are allowed', () => {
    const html =
      '<p><a href="javascript:alert(1)">a</a> <a href=" JAVASCRIPT:alert(1)">b</a> <a href="data:text/html,x">c</a> <a href="/relative">d</a> <a href="vbscript:x">e</a> <a href="https://ok.example">f</a></p>';
    expect(cleanPastedHtml(html)).toEqual([
      p(t('a b c d e '), { type: 'link', url: 'https://ok.example', children: [t('f')] }, t('')),
    ]);
  });

  it('keeps pictures only as raster data URLs (a remote or SVG picture is dropped)', () => {
    const html = `<p><img src="https://tracker.example/pixel.png"><img src="data:image/svg+xml;base64,PHN2Zz4="><img src="${PNG}" onerror="x()"></p>`;
    expect(cleanPastedHtml(html)).toEqual([p(t(''), { type: 'image', src: PNG, children: [t('')] }, t(''))]);
  });

  it('maps headers 3 to 6 to header 2 and flattens nested lists into indents', () => {
    const html = '<h3>Sub</h3><ul><li>a<ul><li>b<ol><li>c</li></ol></li></ul></li><li>d</li></ul>';
    expect(cleanPastedHtml(html)).toEqual([
      { type: 'heading-two', children: [t('Sub')] },
      {
        type: 'bulleted-list',
        children: [
          { type: 'list-item', children: [t('a')] },
          { type: 'list-item', indent: 1, children: [t('b')] },
        ],
      },
      { type: 'numbered-list', children: [{ type: 'list-item', indent: 2, children: [t('c')] }] },
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [t('d')] }] },
    ]);
  });

  it('reads Quill 2 lists, which mark the bullet on the item', () => {
    const html = '<ol><li data-list="bullet">dot</li><li data-list="ordered" class="ql-indent-1">num</li></ol>';
    expect(cleanPastedHtml(html)).toEqual([
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [t('dot')] }] },
      { type: 'numbered-list', children: [{ type: 'list-item', indent: 1, children: [t('num')] }] },
    ]);
  });

  it('keeps a paragraph inside a list item in that item', () => {
    expect(cleanPastedHtml('<ul><li><p>one</p><p>two</p></li></ul>')).toEqual([
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [t('one\ntwo')] }] },
    ]);
  });

  it('collapses the whitespace of the source but keeps line breaks and preformatted text', () => {
    const html = '\n<div>\n  Some   text\n  <br>\n  next line\n</div>\n<pre>keep   this\n  indent</pre>';
    expect(cleanPastedHtml(html)).toEqual([
      p(t('Some text\nnext line')),
      p(t('keep   this\n  indent', { font: 'monospace' })),
    ]);
  });

  it('reads blockquotes with several paragraphs as one quote line each', () => {
    expect(cleanPastedHtml('<blockquote><p>a</p><p class="ql-indent-2">b</p></blockquote>')).toEqual([
      { type: 'block-quote', children: [t('a')] },
      { type: 'block-quote', children: [t('b')] },
    ]);
  });

  it('closes paragraphs and list items the source left open', () => {
    expect(cleanPastedHtml('<p>a<p>b<ul><li>c<li>d</ul>e')).toEqual([
      p(t('a')),
      p(t('b')),
      {
        type: 'bulleted-list',
        children: [
          { type: 'list-item', children: [t('c')] },
          { type: 'list-item', children: [t('d')] },
        ],
      },
      p(t('e')),
    ]);
  });

  it('decodes entities', () => {
    expect(cleanPastedHtml('<p>&amp;&lt;&gt;&quot;&#39;&nbsp;&mdash;&#x1F600;&unknown;</p>')).toEqual([
      p(t('&<>"\'\u00a0\u2014😀&unknown;')),
    ]);
  });

  it('puts table cells of a row on one line', () => {
    expect(cleanPastedHtml('<table><tr><td>a</td><td>b</td></tr><tr><th>c</th></tr></table>')).toEqual([
      p(t('a b')),
      p(t('c')),
    ]);
  });

  it('reads plain text without any markup as one paragraph', () => {
    expect(cleanPastedHtml('just text')).toEqual([p(t('just text'))]);
  });

  it('gives one empty paragraph for a paste with nothing to keep', () => {
    expect(cleanPastedHtml('<script>x</script>')).toEqual([p(t(''))]);
  });
});

/**
 * Slate keeps the marks of an empty text beside a link or picture; they show nothing and have no
 * HTML, so the comparison leaves them out.
 */
function withoutMarksOnEmptyText(document: AnswerDocument): AnswerDocument {
  return JSON.parse(
    JSON.stringify(document, (_key, value: unknown) =>
      value && typeof value === 'object' && (value as FormattedText).text === '' ? { text: '' } : value,
    ),
  ) as AnswerDocument;
}

/** A small deterministic generator, so a failing document can be found again. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function randomText(random: () => number): FormattedText {
  const text = pick(random, ['word', ' ', 'two words', 'a\nb', '\n', '<&>"', 'x ', ' y', 'ünï', '']);
  const leaf: FormattedText = { text };
  if (random() < 0.3) leaf.bold = true;
  if (random() < 0.3) leaf.italic = true;
  if (random() < 0.2) leaf.underline = true;
  if (random() < 0.2) leaf.strike = true;
  if (random() < 0.2) leaf.font = pick(random, ['serif', 'monospace'] as const);
  if (random() < 0.2) leaf.size = pick(random, ['small', 'large', 'huge'] as const);
  return leaf;
}

function randomInlines(random: () => number): InlineNode[] {
  const count = Math.floor(random() * 5);
  const children: InlineNode[] = [];
  for (let i = 0; i < count; i += 1) {
    const roll = random();
    if (roll < 0.15)
      children.push({
        type: 'link',
        url: pick(random, ['https://a.example/?q=1&r="2"', 'mailto:a@b.example', 'tel:123', 'http://b.example']),
        children: [randomText(random), { text: 'link' }],
      });
    else if (roll < 0.25) children.push({ type: 'image', src: PNG, children: [{ text: '' }] });
    else children.push(randomText(random));
  }
  return children.length > 0 ? children : [{ text: '' }];
}

function randomDocument(random: () => number): AnswerDocument {
  const blocks: BlockElement[] = [];
  const count = 1 + Math.floor(random() * 5);
  for (let i = 0; i < count; i += 1) {
    const kind = pick(random, [
      'paragraph',
      'heading-one',
      'heading-two',
      'block-quote',
      'numbered-list',
      'bulleted-list',
    ] as const);
    const indent = random() < 0.4 ? 1 + Math.floor(random() * 8) : undefined;
    if (kind === 'numbered-list' || kind === 'bulleted-list') {
      const items = 1 + Math.floor(random() * 3);
      blocks.push({
        type: kind,
        children: Array.from({ length: items }, () => ({
          type: 'list-item' as const,
          children: randomInlines(random),
          ...(random() < 0.5 ? { indent: 1 + Math.floor(random() * 8) } : {}),
        })),
      });
    } else {
      blocks.push({ type: kind, children: randomInlines(random), ...(indent ? { indent } : {}) });
    }
  }
  return blocks;
}
