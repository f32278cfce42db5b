import { getTest, newSessionKey, sampleTestId } from '@assessment/core';
import { sessionStore } from '@assessment/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { quizSession } from 'remote-quiz/answers';
import QuizSection from 'remote-quiz/section';
import { autosaveMeter } from './autosave-meter.ts';
import { type EditorUnderTest, watchMutations } from './editor-under-test.ts';

const ignore = () => {};

/**
 * The quiz section as the shell mounts it, for a candidate who has agreed and opened question 1
 * with this answer already saved: the editor with everything around it that runs while the
 * candidate types (its autosave, the answered count in the header and the rail, the countdown,
 * the sync to the API, the proctoring record).
 */
export function mount(root: HTMLElement, paragraphs: string[]): EditorUnderTest {
  const html = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('');
  const test = getTest(sampleTestId);
  if (!test) throw new Error('The catalogue has no sample test');
  sessionStore.getState().startNewSession({
    testId: sampleTestId,
    sessionId: crypto.randomUUID(),
    sessionKey: newSessionKey(),
    startTime: Date.now(),
    fullName: 'Typing Bench',
    email: 'typing.bench@bench.example',
    declaration: true,
    term: true,
    company: test.companyName,
  });
  quizSession.update({ answers: [html, '', ''] });
  const reactRoot = createRoot(root);
  flushSync(() =>
    reactRoot.render(
      <QuizSection test={test} testId={sampleTestId} extraTimePercent={0} goToNext={ignore} goToLanding={ignore} />,
    ),
  );
  // The quiz opens on its instructions; the candidate starts it, then goes to question 1 from the rail.
  const start = [...root.querySelectorAll<HTMLButtonElement>('button')].find(
    (button) => button.textContent === 'Start the quiz',
  );
  if (!start) throw new Error('The quiz instructions have no Start the quiz button');
  flushSync(() => start.click());
  const questionOne = root.querySelector<HTMLButtonElement>('.quiz-rail [aria-label^="Question 1"]');
  if (!questionOne) throw new Error('The quiz rail has no question 1');
  flushSync(() => questionOne.click());
  const editable = root.querySelector<HTMLElement>('[data-slate-editor]');
  if (!editable) throw new Error('Question 1 has no answer editor');
  return { ...watchMutations(editable), autosave: autosaveMeter };
}
