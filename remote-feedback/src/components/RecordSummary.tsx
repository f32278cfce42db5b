import type { TestDefinition } from '@assessment/core';
import { recordFacts } from '@assessment/core';
import { dateTimeWithZone, RecordedSignals, signalCounts, useSession } from '@assessment/react';
import { useMyRecord } from '../hooks/useMyRecord.ts';
import { accessHeadline, accessLines } from '../lib/access-summary.ts';
import { MyCopyDownloads } from './MyCopyDownloads.tsx';

interface Props {
  test: TestDefinition;
  /** Everything this browser sent has arrived (the outbox is empty). */
  delivered: boolean;
}

/**
 * The whole assessment as the hiring company will see it, read back from the server: what arrived
 * and when, and every tab switch and paste with its question and time.
 */
export function RecordSummary({ test, delivered }: Props) {
  const sessionId = useSession((s) => s.sessionId);
  const { state, retry } = useMyRecord(sessionId, delivered);

  return (
    <section className="feedback-record" aria-labelledby="feedback-record-title" aria-busy={state.kind === 'loading'}>
      <h2 id="feedback-record-title">What {test.companyName} receives</h2>
      {state.kind === 'waiting' && <p>This summary appears here once everything you submitted has arrived.</p>}
      {state.kind === 'loading' && <p>Loading the summary…</p>}
      {state.kind === 'failed' && (
        <div role="alert">
          <p>
            The summary could not be loaded just now. This does not change anything you submitted: what has arrived
            stays with {test.companyName}.
          </p>
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {state.kind === 'loaded' && (
        <>
          <p>This is what the server holds of your assessment, exactly as the hiring team will see it.</p>
          <dl className="feedback-record-facts">
            {recordFacts(state.record, dateTimeWithZone).map((fact) => (
              <div key={fact.label}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
            <div>
              <dt>Tab switches and pastes</dt>
              <dd>
                {signalCounts(state.record.signals)} during the quiz. Each is a signal for a person to look at, not
                proof of anything.
              </dd>
            </div>
          </dl>
          <RecordedSignals
            events={state.record.timeline}
            signals={state.record.signals}
            caption="Tab or window switches and pastes during the quiz"
            emptyText="No tab or window switch and no paste was recorded."
          />
          <h3 id="feedback-access-title">Who has looked</h3>
          <p>
            {accessHeadline(state.record.access, test.companyName)} Each time your submission is opened or its review
            changed, your video played, your record downloaded, your personal invitation changed, or you or your
            personal invitation shown in a list, it is listed here with the time and the role of who did it.
          </p>
          {state.record.access.looks.length > 0 && (
            <ul aria-labelledby="feedback-access-title">
              {accessLines(state.record.access, dateTimeWithZone).map((line, index) => (
                // Two looks can read the same; their place in the list is what tells them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and never reordered.
                <li key={index}>{line}</li>
              ))}
            </ul>
          )}
          {sessionId && <MyCopyDownloads sessionId={sessionId} hasVideo={state.record.video.state === 'received'} />}
        </>
      )}
    </section>
  );
}
