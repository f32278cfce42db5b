import { Editor, Transforms } from 'slate';
import { describe, expect, it } from 'vitest';
import { serializeAnswer } from './html-serialize.ts';
import { LINK_REFUSED_MESSAGE } from './links.ts';
import { selectAll, testEditor } from './test-editor.ts';
import {
  applyLink,
  changeIndent,
  cleanFormatting,
  insertImage,
  isBlockActive,
  isMarkActive,
  setFont,
  setSize,
  toggleBlock,
  toggleMark,
} from './transforms.ts';
import type { AnswerDocument } from './types.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const html = (editor: Editor) => serializeAnswer(editor.children as AnswerDocument);
const paragraphs = (...texts: string[]): AnswerDocument =>
  texts.map((text) => ({ type: 'paragraph', children: [{ text }] }));

describe('toolbar actions', () => {
  it('toggles each mark on the selection and off again', () => {
    const editor = testEditor(paragraphs('word'));
    selectAll(editor);
    for (const mark of ['bold', 'italic', 'underline', 'strike'] as const) {
      toggleMark(editor, mark);
      expect(isMarkActive(editor, mark)).toBe(true);
    }
    expect(html(editor)).toBe('<p><strong><em><u><s>word</s></u></em></strong></p>');
    toggleMark(editor, 'bold');
    expect(html(editor)).toBe('<p><em><u><s>word</s></u></em></p>');
  });

  it('sets a font and a size, and normal takes them away', () => {
    const editor = testEditor(paragraphs('word'));
    selectAll(editor);
    setFont(editor, 'monospace');
    setSize(editor, 'large');
    expect(html(editor)).toBe('<p><span class="ql-font-monospace ql-size-large">word</span></p>');
    setFont(editor, undefined);
    setSize(editor, undefined);
    expect(html(editor)).toBe('<p>word</p>');
  });

  it('acts on the end of the answer when the candidate never clicked into it', () => {
    const editor = testEditor(paragraphs('a'));
    toggleMark(editor, 'bold');
    editor.insertText('b');
    expect(html(editor)).toBe('<p>a<strong>b</strong></p>');
  });

  it('turns lines into a list and back, and switches the kind of list', () => {
    const editor = testEditor(paragraphs('one', 'two'));
    selectAll(editor);
    toggleBlock(editor, 'numbered-list');
    expect(html(editor)).toBe('<ol><li>one</li><li>two</li></ol>');
    toggleBlock(editor, 'bulleted-list');
    expect(html(editor)).toBe('<ul><li>one</li><li>two</li></ul>');
    expect(isBlockActive(editor, 'bulleted-list')).toBe(true);
    toggleBlock(editor, 'bulleted-list');
    expect(html(editor)).toBe('<p>one</p><p>two</p>');
  });

  it('makes headers and quotes, and a second press makes the line a paragraph again', () => {
    const editor = testEditor(paragraphs('t'));
    selectAll(editor);
    toggleBlock(editor, 'heading-one');
    expect(html(editor)).toBe('<h1>t</h1>');
    toggleBlock(editor, 'heading-two');
    expect(html(editor)).toBe('<h2>t</h2>');
    toggleBlock(editor, 'block-quote');
    expect(html(editor)).toBe('<blockquote>t</blockquote>');
    toggleBlock(editor, 'block-quote');
    expect(html(editor)).toBe('<p>t</p>');
  });

  it('joins a new list to the list just above it', () => {
    const editor = testEditor(paragraphs('a', 'b'));
    Transforms.select(editor, Editor.start(editor, [0]));
    toggleBlock(editor, 'numbered-list');
    Transforms.select(editor, Editor.start(editor, [1]));
    toggleBlock(editor, 'numbered-list');
    expect(html(editor)).toBe('<ol><li>a</li><li>b</li></ol>');
  });

  it('indents from level 1 to 8 and no further, and back to none', () => {
    const editor = testEditor(paragraphs('x'));
    selectAll(editor);
    for (let i = 0; i < 10; i += 1) changeIndent(editor, 1);
    expect(html(editor)).toBe('<p class="ql-indent-8">x</p>');
    for (let i = 0; i < 10; i += 1) changeIndent(editor, -1);
    expect(html(editor)).toBe('<p>x</p>');
  });

  it('never indents a quote (the server keeps no class on one)', () => {
    const editor = testEditor([{ type: 'block-quote', children: [{ text: 'q' }] }]);
    selectAll(editor);
    changeIndent(editor, 1);
    expect(html(editor)).toBe('<blockquote>q</blockquote>');
    const indented = testEditor([{ type: 'paragraph', indent: 2, children: [{ text: 'q' }] }]);
    selectAll(indented);
    toggleBlock(indented, 'block-quote');
    expect(html(indented)).toBe('<blockquote>q</blockquote>');
  });

  it('links the selection, or inserts the address as the text of a new link', () => {
    const editor = testEditor(paragraphs('read this'));
    Transforms.select(editor, { anchor: { path: [0, 0], offset: 5 }, focus: { path: [0, 0], offset: 9 } });
    expect(applyLink(editor, 'example.com')).toEqual({ ok: true, url: 'https://example.com' });
    expect(html(editor)).toBe('<p>read <a href="https://example.com">this</a></p>');

    const empty = testEditor(paragraphs('call '));
    Transforms.select(empty, Editor.end(empty, []));
    applyLink(empty, 'tel:123');
    expect(html(empty)).toBe('<p>call <a href="tel:123">tel:123</a></p>');
  });

  it('refuses a link with another scheme, with a message, and changes nothing', () => {
    const editor = testEditor(paragraphs('x'));
    selectAll(editor);
    expect(applyLink(editor, 'javascript:alert(1)')).toEqual({ ok: false, message: LINK_REFUSED_MESSAGE });
    expect(html(editor)).toBe('<p>x</p>');
  });

  it('unwraps a link with a refused scheme however it got into the document', () => {
    const editor = testEditor(paragraphs('x'));
    Transforms.select(editor, Editor.end(editor, []));
    Transforms.insertNodes(editor, { type: 'link', url: 'javascript:alert(1)', children: [{ text: 'bad' }] });
    expect(html(editor)).toBe('<p>xbad</p>');
  });

  it('drops a picture whose source is not a raster data URL', () => {
    const editor = testEditor(paragraphs('x'));
    insertImage(editor, 'https://tracker.example/p.png');
    expect(html(editor)).toBe('<p>x</p>');
    insertImage(editor, PNG);
    expect(html(editor)).toBe(`<p>x<img src="${PNG}"></p>`);
  });

  it('cleans marks, links, lists, headers and indents, but keeps the words and pictures', () => {
    const editor = testEditor([
      { type: 'heading-one', indent: 2, children: [{ text: 'T', bold: true, font: 'serif' }] },
      {
        type: 'numbered-list',
        children: [
          {
            type: 'list-item',
            children: [
              { text: '' },
              { type: 'link', url: 'https://a.example', children: [{ text: 'l', italic: true }] },
              { text: '' },
              { type: 'image', src: PNG, children: [{ text: '' }] },
              { text: '' },
            ],
          },
        ],
      },
    ]);
    selectAll(editor);
    cleanFormatting(editor);
    expect(html(editor)).toBe(`<p>T</p><p>l<img src="${PNG}"></p>`);
  });

  it('Enter on an empty list item or quote line ends the list or quote', () => {
    const editor = testEditor([
      { type: 'numbered-list', children: [{ type: 'list-item', indent: 1, children: [{ text: 'a' }] }] },
    ]);
    Transforms.select(editor, Editor.end(editor, []));
    editor.insertBreak();
    expect(html(editor)).toBe('<ol><li class="ql-indent-1">a</li><li class="ql-indent-1"><br></li></ol>');
    editor.insertBreak();
    editor.insertText('after');
    expect(html(editor)).toBe('<ol><li class="ql-indent-1">a</li></ol><p class="ql-indent-1">after</p>');

    const quote = testEditor([{ type: 'block-quote', children: [{ text: 'q' }] }]);
    Transforms.select(quote, Editor.end(quote, []));
    quote.insertBreak();
    quote.insertBreak();
    expect(html(quote)).toBe('<blockquote>q</blockquote><p><br></p>');
  });

  it('Enter at the end of a header starts a paragraph, and in its middle splits the header', () => {
    const editor = testEditor([{ type: 'heading-one', children: [{ text: 'Title' }] }]);
    Transforms.select(editor, Editor.end(editor, []));
    editor.insertBreak();
    editor.insertText('body');
    expect(html(editor)).toBe('<h1>Title</h1><p>body</p>');
    Transforms.select(editor, { path: [0, 0], offset: 2 });
    editor.insertBreak();
    expect(html(editor)).toBe('<h1>Ti</h1><h1>tle</h1><p>body</p>');
  });

  it('flattens a list nested inside a list', () => {
    const editor = testEditor([
      {
        type: 'bulleted-list',
        children: [{ type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'deep' }] }] }],
      } as unknown as AnswerDocument[number],
    ]);
    expect(html(editor)).toBe('<ul><li>deep</li></ul>');
  });
});
