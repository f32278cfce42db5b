import type { CandidateRatings } from '@assessment/core';
import { useSignedIn } from '../../../api/session.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { useResource } from '../../../hooks/useResource.ts';
import { RatingForm } from './RatingForm.tsx';
import { TeamRatings } from './TeamRatings.tsx';

/**
 * The reviewer's own rating of the candidate, then the team's: the server sends a teammate's
 * scores only to a reviewer who has given theirs, so nobody rates anchored on another.
 */
export function RatingPanel({
  sessionId,
  blind,
  onRated,
}: {
  sessionId: string;
  /** Blind review hides the candidate: the video is not to be seen, so its criteria may wait. */
  blind: boolean;
  onRated: () => void;
}) {
  const { calls } = useSignedIn();
  const ratings = useResource(`ratings:${sessionId}`, (signal) => calls.ratings(sessionId, signal));
  if (ratings.error) return <LoadProblem message={ratings.error} onRetry={ratings.reload} />;
  if (!ratings.data) return <p className="muted">Loading the ratings…</p>;
  const { rubric, mine, team } = ratings.data;
  if (rubric.version === null) {
    return <p>This test has no rubric yet. A company admin sets one on the test's page; then the team can rate.</p>;
  }
  return (
    <>
      {/* A new rubric version is a new form: the scores given under the last one do not carry over. */}
      <RatingForm
        key={rubric.version}
        sessionId={sessionId}
        rubric={rubric}
        mine={mine}
        onSaved={(saved: CandidateRatings) => {
          ratings.update(() => saved);
          // Rated: the server now shows the candidate (reading them again is a look on record, so only then).
          if (blind) onRated();
        }}
        onStale={ratings.reload}
      />
      {team ? (
        <TeamRatings team={team} criteria={mine?.rubricVersion === rubric.version ? rubric.criteria : null} />
      ) : (
        <p className="field-hint">Your teammates' ratings show here once you have given yours.</p>
      )}
    </>
  );
}
