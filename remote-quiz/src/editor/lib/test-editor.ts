import { createEditor, Editor, Transforms } from 'slate';
import { withHistory } from 'slate-history';
import type { AnswerDocument } from './types.ts';
import { withAnswerFormats } from './with-answer-formats.ts';

/** A headless editor with the answer formats, as the tests of this folder build it. */
export function testEditor(document: AnswerDocument): Editor {
  const editor = withAnswerFormats(withHistory(createEditor()));
  editor.children = structuredClone(document);
  Editor.normalize(editor, { force: true });
  return editor;
}

/** What Slate makes of a document once its rules (and ours) have run. */
export function normalized(document: AnswerDocument): AnswerDocument {
  return testEditor(document).children as AnswerDocument;
}

export function selectAll(editor: Editor): void {
  Transforms.select(editor, { anchor: Editor.start(editor, []), focus: Editor.end(editor, []) });
}
