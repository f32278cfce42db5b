import type { Decisions } from '@assessment/core';
import { useSignedIn } from '../../../api/session.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { useResource } from '../../../hooks/useResource.ts';
import { StageForm } from './StageForm.tsx';
import { TeamNotes } from './TeamNotes.tsx';

/** Where the team decides about one candidate: the stage with its history, and the notes. */
export function DecisionPanel({ sessionId }: { sessionId: string }) {
  const { calls } = useSignedIn();
  const decisions = useResource(`decisions:${sessionId}`, (signal) => calls.decisions(sessionId, signal));
  if (decisions.error) return <LoadProblem message={decisions.error} onRetry={decisions.reload} />;
  if (!decisions.data) return <p className="muted">Loading the stage and notes…</p>;
  const show = (next: Decisions) => decisions.update(() => next);
  return (
    <>
      <StageForm sessionId={sessionId} decisions={decisions.data} onDecisions={show} />
      <TeamNotes sessionId={sessionId} notes={decisions.data.notes} onSaved={show} />
    </>
  );
}
