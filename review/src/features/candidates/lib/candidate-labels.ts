import { type CandidateSummary, RECOMMENDATION_NAMES, ratingText } from '@assessment/core';

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

/**
 * A candidate as the review page names them: their code while a blind review hides them, else the
 * full name they gave, or a word saying there is none.
 */
export function candidateName(fullName: string | null | undefined, blindCode?: string | null): string {
  if (blindCode) return `Candidate ${blindCode}`;
  return fullName || 'Unnamed candidate';
}

/**
 * The team's ratings of a candidate as the list shows them: the mean score and the recommendation,
 * or why there is none to show (the server sends them only to a reviewer who has rated).
 */
export function teamRatingLabel(row: Pick<CandidateSummary, 'teamScore' | 'teamRecommendation'>): string {
  if (row.teamScore === null || row.teamRecommendation === null) return 'Shown once you rate';
  return `${row.teamScore.toFixed(1)} of 5, ${RECOMMENDATION_NAMES[row.teamRecommendation]}`;
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
