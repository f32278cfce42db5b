import { Editor, Transforms } from 'slate';
import { describe, expect, it, vi } from 'vitest';
import { SLATE_FRAGMENT_TYPE } from './clipboard.ts';
import { serializeAnswer } from './html-serialize.ts';
import { testEditor } from './test-editor.ts';
import type { AnswerDocument } from './types.ts';
import { withAnswerPaste } from './with-answer-paste.ts';

function pasteInto(text: string, clipboard: Record<string, string>, files: File[] = []) {
  const onPictures = vi.fn();
  const editor = withAnswerPaste(testEditor([{ type: 'paragraph', children: [{ text }] }]), onPictures);
  Transforms.select(editor, Editor.end(editor, []));
  editor.insertData({ getData: (type: string) => clipboard[type] ?? '', files } as unknown as DataTransfer);
  return { html: serializeAnswer(editor.children as AnswerDocument), onPictures };
}

describe('pasting into an answer', () => {
  it('cleans pasted HTML to the answer formats', () => {
    const { html } = pasteInto('Intro: ', {
      'text/html': '<p style="color:red"><b>bold</b> <a href="javascript:alert(1)">link</a></p><h4>Next</h4>',
      'text/plain': 'bold link\nNext',
    });
    expect(html).toBe('<p>Intro: <strong>bold</strong> link</p><h2>Next</h2>');
  });

  it('turns plain text lines into paragraphs', () => {
    expect(pasteInto('', { 'text/plain': 'one\r\ntwo\nthree' }).html).toBe('<p>one</p><p>two</p><p>three</p>');
  });

  it('keeps a fragment copied from another answer exactly', () => {
    const fragment = [{ type: 'paragraph', children: [{ text: 'big', size: 'huge' }] }];
    const { html } = pasteInto('', {
      [SLATE_FRAGMENT_TYPE]: btoa(encodeURIComponent(JSON.stringify(fragment))),
      'text/html': '<p>big</p>',
      'text/plain': 'big',
    });
    expect(html).toBe('<p><span class="ql-size-huge">big</span></p>');
  });

  it('reads the HTML instead of a fragment that holds something else', () => {
    const fragment = [{ type: 'iframe', children: [{ text: 'x' }] }];
    const { html } = pasteInto('', {
      [SLATE_FRAGMENT_TYPE]: btoa(encodeURIComponent(JSON.stringify(fragment))),
      'text/html': '<p>safe copy</p>',
    });
    expect(html).toBe('<p>safe copy</p>');
  });

  it('hands picture files to the picture handler', () => {
    const picture = new File([new Uint8Array([1])], 'shot.png', { type: 'image/png' });
    const pdf = new File([new Uint8Array([1])], 'doc.pdf', { type: 'application/pdf' });
    const { html, onPictures } = pasteInto('x', { 'text/html': '<img src="https://remote.example/a.png">' }, [
      picture,
      pdf,
    ]);
    expect(onPictures).toHaveBeenCalledWith([picture]);
    expect(html).toBe('<p>x</p>');
  });
});
