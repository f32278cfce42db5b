import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createDraftRegistry, quizSession, useAnswerAutosave } from 'remote-quiz/answers';
import { type AnswerDocument, AnswerEditor } from 'remote-quiz/editor';
import { autosaveMeter, measureKeystroke } from './autosave-meter.ts';
import { type EditorUnderTest, watchMutations } from './editor-under-test.ts';

const EDITOR_ID = 'typing-bench-answer';
const ignore = () => {};

/** The product's answer editor with its autosave, put together as the quiz's QuestionView does. */
function ProductAnswer({ html }: { html: string }) {
  const [drafts] = useState(createDraftRegistry);
  const { onDocumentChange } = useAnswerAutosave(0, drafts);
  const measured = useCallback(
    (document: AnswerDocument) => measureKeystroke(() => onDocumentChange(document)),
    [onDocumentChange],
  );
  return (
    <>
      <h3 id={`${EDITOR_ID}-label`}>Answer</h3>
      <AnswerEditor
        id={EDITOR_ID}
        labelledBy={`${EDITOR_ID}-label`}
        initialHtml={html}
        onDocumentChange={measured}
        onPaste={ignore}
        pictureRoom={() => 0}
        onFilePickerOpen={ignore}
      />
    </>
  );
}

export function mount(root: HTMLElement, paragraphs: string[]): EditorUnderTest {
  const html = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('');
  // The quiz opens a question with its saved answer in the session, and saves against it.
  quizSession.update({ answers: [html, '', ''] });
  const reactRoot = createRoot(root);
  flushSync(() => reactRoot.render(<ProductAnswer html={html} />));
  const editable = document.getElementById(EDITOR_ID);
  if (!editable) throw new Error('The answer editor did not render');
  return { ...watchMutations(editable), autosave: autosaveMeter };
}
