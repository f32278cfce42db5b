import { Editor, Transforms } from 'slate';
import { describe, expect, it } from 'vitest';
import { selectAll, testEditor } from './test-editor.ts';
import { readToolbarState, sameToolbarState } from './toolbar-state.ts';
import { applyLink, changeIndent, setFont, setSize, toggleBlock, toggleMark } from './transforms.ts';
import type { AnswerDocument } from './types.ts';

const paragraphs = (...texts: string[]): AnswerDocument =>
  texts.map((text) => ({ type: 'paragraph', children: [{ text }] }));

const PLAIN = {
  bold: false,
  italic: false,
  underline: false,
  strike: false,
  font: '',
  size: '',
  'heading-one': false,
  'heading-two': false,
  'block-quote': false,
  'numbered-list': false,
  'bulleted-list': false,
  indentMore: false,
  indentLess: false,
  link: false,
};

describe('what the toolbar shows', () => {
  it('shows nothing active before the candidate clicks into the answer', () => {
    expect(readToolbarState(testEditor(paragraphs('word')))).toEqual(PLAIN);
  });

  it('shows the marks, font and size at the cursor', () => {
    const editor = testEditor(paragraphs('word'));
    selectAll(editor);
    toggleMark(editor, 'bold');
    toggleMark(editor, 'strike');
    setFont(editor, 'serif');
    setSize(editor, 'huge');
    expect(readToolbarState(editor)).toEqual({
      ...PLAIN,
      bold: true,
      strike: true,
      font: 'serif',
      size: 'huge',
      indentMore: true,
    });
  });

  it('shows a header only when every selected line is one, and a list when any line is in it', () => {
    const editor = testEditor(paragraphs('one', 'two'));
    Transforms.select(editor, Editor.start(editor, [0]));
    toggleBlock(editor, 'heading-two');
    expect(readToolbarState(editor)['heading-two']).toBe(true);
    selectAll(editor);
    expect(readToolbarState(editor)['heading-two']).toBe(false);
    Transforms.select(editor, Editor.start(editor, [1]));
    toggleBlock(editor, 'bulleted-list');
    selectAll(editor);
    expect(readToolbarState(editor)).toMatchObject({ 'bulleted-list': true, 'numbered-list': false });
  });

  it('allows indenting up to level 8 and back, and never in a quote', () => {
    const editor = testEditor(paragraphs('line'));
    selectAll(editor);
    expect(readToolbarState(editor)).toMatchObject({ indentMore: true, indentLess: false });
    for (let level = 1; level <= 8; level += 1) changeIndent(editor, 1);
    expect(readToolbarState(editor)).toMatchObject({ indentMore: false, indentLess: true });
    toggleBlock(editor, 'block-quote');
    expect(readToolbarState(editor)).toMatchObject({ 'block-quote': true, indentMore: false, indentLess: false });
  });

  it('shows a link when the cursor is in one', () => {
    const editor = testEditor(paragraphs('see this'));
    selectAll(editor);
    applyLink(editor, 'https://example.com');
    Transforms.select(editor, { path: [0, 1, 0], offset: 2 });
    expect(readToolbarState(editor).link).toBe(true);
  });

  it('counts two readings the same only when every control shows the same', () => {
    const editor = testEditor(paragraphs('word'));
    selectAll(editor);
    const before = readToolbarState(editor);
    expect(sameToolbarState(before, readToolbarState(editor))).toBe(true);
    expect(sameToolbarState(null, before)).toBe(false);
    toggleMark(editor, 'italic');
    expect(sameToolbarState(before, readToolbarState(editor))).toBe(false);
  });
});
