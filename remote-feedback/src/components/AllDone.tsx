import type { TestDefinition } from '@assessment/core';
import { useFocusOnMount, useOutboxPending, useOutboxRefused } from '@assessment/react';
import { useBackgroundSending } from '@assessment/react/background-sending';
import { useWarnBeforeLeaving } from '@assessment/react/leave-warning';
import { useRef } from 'react';
import { RecordSummary } from './RecordSummary.tsx';

interface Props {
  test: TestDefinition;
  /** The session that just ended: only its own calls decide what this screen says. */
  sessionId: string;
  onRetry: () => void;
}

/**
 * The end of the assessment. Success is confirmed only once the outbox holds none of this session's
 * calls, that is once the server has acknowledged all of them, and no video the candidate left
 * sending is still on its way (`useBackgroundSending`); until then the candidate is asked to keep
 * the tab open. A call or a video the server refused for good will never arrive, so then the page
 * says so instead of claiming success. Calls of an earlier session in this browser are not this
 * candidate's answer to this assessment, whatever became of them.
 */
export function AllDone({ test, sessionId, onRetry }: Props) {
  const pending = useOutboxPending(sessionId);
  const refused = useOutboxRefused(sessionId);
  const video = useBackgroundSending(sessionId);
  const sending = pending > 0 || video === 'sending';
  const heading = useRef<HTMLHeadingElement>(null);
  useWarnBeforeLeaving(sending);
  // The form the candidate was using is gone; the heading is where a screen reader goes on.
  useFocusOnMount(heading);

  return (
    <section className="feedback-done" aria-labelledby="feedback-done-title">
      <h1 id="feedback-done-title" ref={heading} tabIndex={-1}>
        You're all done
      </h1>
      <div className={sending ? 'feedback-delivery is-sending' : 'feedback-delivery is-delivered'} role="status">
        {sending ? (
          <>
            <span className="spinner" aria-hidden="true" />
            {pending === 0 ? (
              <p>
                Your video is still being sent. Please keep this tab open until this message confirms it has arrived;
                sending is retried automatically if the connection drops.
              </p>
            ) : (
              <p>
                Some of your responses are still being sent. Please keep this tab open until this message confirms they
                have arrived; sending is retried automatically if the connection drops.
              </p>
            )}
          </>
        ) : refused > 0 ? (
          <p>
            <strong>Some of your responses could not be accepted by our server.</strong> We cannot confirm that
            everything you submitted arrived. Please let the {test.companyName} hiring team know, so they can look into
            it; nothing you need to do on this page.
          </p>
        ) : video === 'refused' ? (
          <p>
            <strong>Your video could not be sent: the server did not accept it.</strong> {test.companyName} sees that
            you continued without video. Everything else you submitted has arrived, and you can now close this tab.
          </p>
        ) : (
          <p>
            <strong>All responses have been submitted successfully!</strong> You can now close this tab.
          </p>
        )}
      </div>
      <p>
        Thank you for taking the time to complete the {test.companyName} hiring assessment for the {test.roleName} role.
        Everything you submitted goes to the {test.companyName} hiring team.
      </p>
      <RecordSummary test={test} delivered={!sending} />
      <p id="feedback-retry-hint" className="feedback-hint">
        Retry opens your invitation link again, which brings you back here: your submitted responses stay as they are.
      </p>
      <button type="button" className="button" aria-describedby="feedback-retry-hint" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}
