import { type CandidateSummary, ratingText, recommendationCountsText, TEAM_VERDICT_NAMES } from '@assessment/core';

export const STATUS_LABELS: Record<CandidateSummary['status'], string> = {
  registered: 'Started, quiz not submitted',
  'quiz-submitted': 'Quiz submitted',
  'video-done': 'Video step done',
  finished: 'Finished',
};

export const VIDEO_LABELS: Record<CandidateSummary['video'], string> = {
  received: 'Received',
  uploading: 'Uploading',
  skipped: 'No video (skipped)',
  none: 'None yet',
};

/** What the autosave kept of a quiz whose time ran out: "2 of 3 answers kept", "no answer kept". */
export function keptLabel({ answersKept, questions }: NonNullable<CandidateSummary['timeRanOut']>): string {
  if (answersKept === 0) return 'no answer kept';
  return `${answersKept} of ${questions} ${questions === 1 ? 'answer' : 'answers'} kept`;
}

/**
 * Where the candidate's attempt stands, by the server's clock: past the invitation's expiry
 * unfinished, "Did not finish" and how far they got; past the quiz's time unsubmitted, "Time ran
 * out" and what was kept; else the step they reached.
 */
export function statusLabel(row: Pick<CandidateSummary, 'status' | 'timeRanOut' | 'didNotFinish'>): string {
  const { status, timeRanOut, didNotFinish } = row;
  if (didNotFinish) {
    if (timeRanOut) return `Did not finish (time ran out on the quiz, ${keptLabel(timeRanOut)})`;
    return `Did not finish (${status === 'registered' ? 'quiz not submitted' : STATUS_LABELS[status].toLowerCase()})`;
  }
  if (timeRanOut) return `Time ran out: ${keptLabel(timeRanOut)}`;
  return STATUS_LABELS[status];
}

/**
 * A candidate as the review page names them: their code while a blind review hides them, else the
 * full name they gave, or a word saying there is none.
 */
export function candidateName(fullName: string | null | undefined, blindCode?: string | null): string {
  if (blindCode) return `Candidate ${blindCode}`;
  return fullName || 'Unnamed candidate';
}

/**
 * The team's ratings of a candidate as the list shows them: the mean score, what the team
 * recommends and the counts it stands on, or why there is none to show (the server sends them
 * only to a reviewer who has rated).
 */
export function teamRatingLabel(
  row: Pick<CandidateSummary, 'teamScore' | 'teamRecommendations' | 'teamVerdict'>,
): string {
  const { teamScore, teamRecommendations, teamVerdict } = row;
  if (teamScore === null || teamRecommendations === null || teamVerdict === null) return 'Shown once you rate';
  return `${teamScore.toFixed(1)} of 5; ${TEAM_VERDICT_NAMES[teamVerdict]} (${recommendationCountsText(teamRecommendations)})`;
}

/** The notes on a submission: sent at the time limit (by the server's clock), or late (after it and its grace). */
export function submissionNotes(row: Pick<CandidateSummary, 'late' | 'finalReason'>): string[] {
  const notes: string[] = [];
  if (row.finalReason === 'time-up') notes.push('Submitted at the time limit');
  if (row.late) notes.push('Late');
  return notes;
}

/** The candidate's own rating of the assessment, "4 of 5", as everywhere a person reads it. */
export function ratingLabel(stars: number | null): string {
  return stars === null ? '—' : ratingText(stars);
}

/** "3 tab switches, 1 paste": counted, in words, for the table and for a screen reader. */
export function signalsLabel({ tabSwitches, pastes }: CandidateSummary['signals']): string {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return `${plural(tabSwitches, 'tab switch', 'tab switches')}, ${plural(pastes, 'paste', 'pastes')}`;
}
