import type { Decisions } from '@assessment/core';
import { useSignedIn } from '../../../api/session.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { useResource } from '../../../hooks/useResource.ts';
import { StageForm } from './StageForm.tsx';
import { TeamNotes } from './TeamNotes.tsx';

/**
 * Where the team decides about one candidate: the stage with its history, and the notes. Read
 * again whenever the reviewer saves a rating (`rated` counts the saves): a first rating is what
 * shows them the team's judgement, which the server withheld until then.
 */
export function DecisionPanel({ sessionId, rated }: { sessionId: string; rated: number }) {
  const { calls } = useSignedIn();
  const decisions = useResource(`decisions:${sessionId}:${rated}`, (signal) => calls.decisions(sessionId, signal));
  if (decisions.error) return <LoadProblem message={decisions.error} onRetry={decisions.reload} />;
  if (!decisions.data) return <p className="muted">Loading the stage and notes…</p>;
  const show = (next: Decisions) => decisions.update(() => next);
  return (
    <>
      {decisions.data.withheld && (
        <p className="notice">
          You have not rated this candidate yet: so that your rating is your own, your teammates' stage changes and
          notes are not shown to you until you have. A candidate a teammate advanced or declined shows as Moved on.
        </p>
      )}
      <StageForm sessionId={sessionId} decisions={decisions.data} onDecisions={show} />
      <TeamNotes sessionId={sessionId} notes={decisions.data.notes} withheld={decisions.data.withheld} onSaved={show} />
    </>
  );
}
