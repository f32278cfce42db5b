import { type FinalReason, type TestDefinition, wireSessionRef, withPaste } from '@assessment/core';
import { browserStorage, postQuizComplete, postQuizStart, sessionStore, toast, useSession } from '@assessment/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { CompleteDialog } from './CompleteDialog.tsx';
import { useAnswerSync } from './hooks/useAnswerSync.ts';
import { useTabSwitches } from './hooks/useTabSwitches.ts';
import { InstructionsPanel } from './InstructionsPanel.tsx';
import { createDraftRegistry } from './lib/draft-registry.ts';
import { createProgressStore } from './lib/progress-store.ts';
import type { QuestionNumber, QuizView } from './lib/quiz-progress.ts';
import { QuestionList } from './QuestionList.tsx';
import { QuestionView } from './QuestionView.tsx';
import { QuizRail } from './QuizRail.tsx';
import { QuizStatus } from './QuizStatus.tsx';
import { quizSession } from './quiz-session.ts';
import { SubmittedNotice } from './SubmittedNotice.tsx';
import './quiz.css';

export const TIME_UP_MESSAGE = 'Time is up. Your answers have been saved and submitted.';

interface QuizProps {
  test: TestDefinition;
  testId: string;
  /** The personal invitation's extra quiz time, in percent; it may change while the quiz is open. */
  extraTimePercent: number;
  sessionId: string;
  /** When the candidate agreed on the landing page; the clock itself starts with Start the quiz. */
  startTime: number;
  goToNext: () => void;
}

/** The Problem Solving section for one session: header, rail, the open view, Complete and time up. */
export function Quiz({ test, testId, extraTimePercent, sessionId, startTime, goToNext }: QuizProps) {
  const [progress] = useState(() =>
    createProgressStore(browserStorage(), sessionId, startTime, () => sessionStore.setState({ lastSaveFailed: true })),
  );
  const quizStartedAt = useStore(progress, (state) => state.startedAt);
  const started = quizStartedAt !== null;
  // Nothing but the instructions before the clock runs: no question is read on unpaid time.
  const view = useStore(progress, (state) => (started ? state.view : 'instructions'));
  const visited = useStore(progress, (state) => state.visited);
  const completed = useStore(progress, (state) => state.completed);
  const drafts = useMemo(() => createDraftRegistry(), []);
  const sync = useAnswerSync(testId, progress, drafts);
  const switches = useTabSwitches(progress, started);
  const [confirming, setConfirming] = useState(false);
  const submitted = useRef(false);
  const panel = useRef<HTMLDivElement>(null);

  const open = useCallback(
    (next: QuizView) => {
      progress.setState((state) => ({
        view: next,
        visited:
          typeof next === 'number'
            ? (state.visited.map((seen, i) => seen || i === next) as [boolean, boolean, boolean])
            : state.visited,
      }));
      // The candidate chose a new view: focus its heading so it is announced and Tab starts there.
      requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>('.quiz-view-title')?.focus());
    },
    [progress],
  );

  const submit = useCallback(
    (reason: FinalReason) => {
      if (submitted.current) return;
      submitted.current = true;
      drafts.flushAll();
      sync.submit(reason);
      const { fullName } = sessionStore.getState();
      postQuizComplete({
        userName: fullName,
        companyName: test.companyName,
        roleName: test.roleName,
        ...wireSessionRef({ sessionId, testId }),
      });
      progress.setState({ completed: true });
      quizSession.update({ quizSubmitted: true });
      if (reason === 'time-up') toast.info(TIME_UP_MESSAGE, { toastId: 'quiz-time-up', autoClose: false });
      goToNext();
    },
    [drafts, sync, test, sessionId, testId, progress, goToNext],
  );

  const onTimeUp = useCallback(() => submit('time-up'), [submit]);

  const start = useCallback(() => {
    if (progress.getState().startedAt === null) {
      progress.setState({ startedAt: Date.now() });
      postQuizStart(wireSessionRef({ sessionId, testId }));
    }
    open('all');
  }, [progress, sessionId, testId, open]);

  const onPaste = useCallback(
    (index: QuestionNumber, chars: number) => {
      progress.setState((state) => ({ proctoring: withPaste(state.proctoring, index, chars, Date.now()) }));
    },
    [progress],
  );

  if (completed) return <SubmittedNotice onContinue={() => goToNext()} />;

  return (
    <section className="quiz" aria-labelledby="quiz-title">
      <div className="quiz-top">
        <h1 id="quiz-title" tabIndex={-1}>
          Section 1: Problem Solving
        </h1>
        <QuizStatus test={test} extraTimePercent={extraTimePercent} startTime={quizStartedAt} onTimeUp={onTimeUp} />
      </div>
      <StorageWarning />
      <div className={started ? 'quiz-layout' : 'quiz-layout is-waiting'}>
        {started && <QuizRail view={view} onOpen={open} />}
        <div className="quiz-panel" ref={panel}>
          {view === 'instructions' && (
            <InstructionsPanel
              test={test}
              extraTimePercent={extraTimePercent}
              progress={progress}
              started={started}
              onStart={start}
              onShowQuestions={() => open('all')}
              onFilePickerOpen={() => switches.expectAway()}
            />
          )}
          {view === 'all' && (
            <QuestionList test={test} visited={visited} onSolve={open} onComplete={() => setConfirming(true)} />
          )}
          {typeof view === 'number' && (
            <QuestionView
              key={view}
              index={view}
              question={test.questions[view] ?? []}
              drafts={drafts}
              onContinue={() => open(view < 2 ? ((view + 1) as QuestionNumber) : 'all')}
              onPaste={(chars) => onPaste(view, chars)}
              onFilePickerOpen={() => switches.expectAway()}
            />
          )}
        </div>
      </div>
      <CompleteDialog
        open={confirming}
        total={test.questionCount}
        onConfirm={() => {
          setConfirming(false);
          submit('complete');
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

/** When this browser cannot store more, the candidate is told, and the server becomes the copy. */
function StorageWarning() {
  const failed = useSession((state) => state.lastSaveFailed);
  return (
    <div role="alert" className="quiz-storage-warning">
      {failed &&
        "This browser's storage is full, so your latest answers or progress could not be saved on this computer. They are being sent to the server instead; please do not reload the page."}
    </div>
  );
}
