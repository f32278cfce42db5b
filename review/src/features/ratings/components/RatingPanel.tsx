import type { CandidateRatings } from '@assessment/core';
import { useEffect, useRef, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { useResource } from '../../../hooks/useResource.ts';
import { carriedScores, type RatingDraft, rubricChangedNotice } from '../lib/criteria.ts';
import { RatingForm } from './RatingForm.tsx';
import { TeamRatings } from './TeamRatings.tsx';

/** A rating refused because the rubric changed: why, and what the reviewer had chosen. */
interface Refused {
  reason: string;
  draft: RatingDraft;
}

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
  // Kept here, outside the form the new rubric replaces, so the reason outlives that form.
  const [refused, setRefused] = useState<Refused | null>(null);
  const notice = useRef<HTMLParagraphElement>(null);

  const version = ratings.data?.rubric.version;
  // The notice takes the focus from the submit button, which went with the old form: once it is
  // shown, and again when the new rubric's form arrives after a failed read was retried.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is what asks for the focus again, not read inside.
  useEffect(() => {
    if (refused) notice.current?.focus();
  }, [refused, version]);

  if (ratings.error) return <LoadProblem message={ratings.error} onRetry={ratings.reload} />;
  if (!ratings.data) return <p className="muted">Loading the ratings…</p>;
  const { rubric, mine, team } = ratings.data;
  if (rubric.version === null) {
    return <p>This test has no rubric yet. A company admin sets one on the test's page; then the team can rate.</p>;
  }
  const carried = refused && {
    scores: carriedScores(refused.draft, rubric.criteria),
    recommendation: refused.draft.recommendation,
  };

  async function rubricChanged(reason: string, draft: RatingDraft) {
    try {
      const fresh = await calls.ratings(sessionId);
      // One render shows the new rubric's form and the notice above it.
      ratings.update(() => fresh);
    } catch {
      // The panel reads them again itself, and shows why it could not.
      ratings.reload();
    }
    setRefused({ reason, draft });
  }

  return (
    <>
      {refused && carried && (
        <p ref={notice} className="form-problem" role="alert" tabIndex={-1}>
          {rubricChangedNotice(refused.reason, {
            kept: carried.scores.filter((score) => score !== null).length,
            criteria: rubric.criteria.length,
            recommendation: carried.recommendation !== null,
          })}
        </p>
      )}
      {/* A new rubric version is a new form: only the scores of criteria that did not change carry over. */}
      <RatingForm
        key={rubric.version}
        sessionId={sessionId}
        rubric={rubric}
        mine={mine}
        videoHidden={blind}
        carried={carried}
        onSaved={(saved: CandidateRatings) => {
          setRefused(null);
          ratings.update(() => saved);
          onRated();
        }}
        onStale={(reason, draft) => void rubricChanged(reason, draft)}
      />
      {team ? (
        <TeamRatings team={team} version={rubric.version} />
      ) : (
        <p className="field-hint">Your teammates' ratings show here once you have given yours.</p>
      )}
    </>
  );
}
