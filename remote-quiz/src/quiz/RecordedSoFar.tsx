import { proctoringSignals, proctoringTimeline } from '@assessment/core';
import { RecordedSignals, signalCounts } from '@assessment/react';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { ProgressStore } from './lib/progress-store.ts';

/**
 * The proctoring record as the next save sends it: every tab switch and paste so far, with its
 * question and time. The candidate sees exactly what the hiring company will see.
 */
export function RecordedSoFar({ progress, companyName }: { progress: ProgressStore; companyName: string }) {
  const proctoring = useStore(progress, (state) => state.proctoring);
  const events = useMemo(() => proctoringTimeline(proctoring), [proctoring]);
  const signals = proctoringSignals(proctoring);
  return (
    <section className="quiz-recorded" aria-labelledby="quiz-recorded-title">
      <h3 id="quiz-recorded-title">What has been recorded so far</h3>
      <p role="status">
        {signalCounts(signals)} recorded so far in this section. This list is sent to {companyName} with your answers.
      </p>
      <RecordedSignals
        events={events}
        signals={signals}
        caption="Tab or window switches and pastes recorded so far"
        emptyText="Nothing is listed yet."
      />
    </section>
  );
}
