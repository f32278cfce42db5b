import { type SectionProps, sessionStore, useSession } from '@assessment/react';
import { useEffect } from 'react';
import { Quiz } from './Quiz.tsx';

/**
 * The section the shell loads. The quiz belongs to the session that agreed to this invitation:
 * any other stored invitation sends the candidate to this one's landing page.
 */
export function QuizSection({ test, testId, extraTimePercent, goToNext, goToLanding }: SectionProps) {
  const registeredFor = useSession((state) => state.testId);
  const sessionId = useSession((state) => state.sessionId);
  const startTime = useSession((state) => state.startTime);
  const belongs = registeredFor === testId && sessionId !== null;

  useEffect(() => {
    if (!belongs) {
      // Replace, so Back does not return to this page only to be sent away again.
      goToLanding({ replace: true });
      return;
    }
    const session = sessionStore.getState();
    if (session.startTime === null || session.company !== test.companyName) {
      // A session from before startTime was stored starts its clock now rather than never.
      session.update({ startTime: session.startTime ?? Date.now(), company: test.companyName });
    }
  }, [belongs, goToLanding, test.companyName]);

  if (!belongs || sessionId === null || startTime === null) {
    return (
      <section className="quiz" aria-labelledby="quiz-title">
        <h1 id="quiz-title" tabIndex={-1}>
          Section 1: Problem Solving
        </h1>
        <p role="status">{belongs ? 'Loading the questions…' : 'Opening the start of this assessment…'}</p>
      </section>
    );
  }

  return (
    <Quiz
      key={sessionId}
      test={test}
      testId={testId}
      extraTimePercent={extraTimePercent}
      sessionId={sessionId}
      startTime={startTime}
      goToNext={goToNext}
    />
  );
}
