import { type SectionProps, usePreviousSectionFinished, useSession, useSessionSlice } from '@assessment/react';
import { useEffect } from 'react';
import { feedbackSession } from '../lib/feedback-session.ts';
import { feedbackStage } from '../lib/feedback-stage.ts';
import { AllDone } from './AllDone.tsx';
import { FeedbackForm } from './FeedbackForm.tsx';
import '../feedback.css';

/** Section 3, Interview Preparation: opens after the video introduction, ends the assessment. */
export function FeedbackSection({ test, testId, goToLanding }: SectionProps) {
  const registeredFor = useSession((s) => s.testId);
  const sessionId = useSession((s) => s.sessionId);
  const previousFinished = usePreviousSectionFinished(feedbackSession.owner);
  const currentScore = useSessionSlice(feedbackSession, (s) => s.currentScore);
  const stage = feedbackStage({ testId: registeredFor, sessionId, previousFinished, currentScore }, testId);

  useEffect(() => {
    if (stage === 'locked') goToLanding({ replace: true });
  }, [stage, goToLanding]);

  if (stage === 'locked') {
    return (
      <p className="feedback-locked" role="status">
        This section opens after the video introduction. Taking you back to the invitation page…
      </p>
    );
  }
  return (
    <div className="feedback">
      {/* `done` comes with a session id (feedbackStage); the check tells the compiler so. */}
      {stage === 'done' && sessionId ? (
        <AllDone test={test} sessionId={sessionId} onRetry={() => goToLanding()} />
      ) : (
        <FeedbackForm test={test} testId={testId} />
      )}
    </div>
  );
}
