import { type Criterion, type Recommendation, sameCriterion } from '@assessment/core';

export { aboutName } from '@assessment/core';

/** A criterion as the form holds it while an admin writes it: every field text, none checked yet. */
export interface CriterionDraft {
  /** Stable across edits, so React keeps each criterion's fields (and focus) in place. */
  key: string;
  about: string;
  name: string;
  one: string;
  three: string;
  five: string;
}

export const draftOf = (criterion: Criterion, key: string): CriterionDraft => ({
  key,
  about: String(criterion.about),
  name: criterion.name,
  one: criterion.anchors.one,
  three: criterion.anchors.three,
  five: criterion.anchors.five,
});

export const criterionOf = (draft: CriterionDraft): Criterion => ({
  about: draft.about === 'video' ? 'video' : Number(draft.about),
  name: draft.name.trim(),
  anchors: { one: draft.one.trim(), three: draft.three.trim(), five: draft.five.trim() },
});

/** The first field of the drafts an admin left empty, as `[criterion index, field]`, or null when all are filled. */
export function firstEmptyField(drafts: readonly CriterionDraft[]): [number, 'name' | 'one' | 'three' | 'five'] | null {
  for (const [index, draft] of drafts.entries()) {
    for (const field of ['name', 'one', 'three', 'five'] as const) {
      if (!draft[field].trim()) return [index, field];
    }
  }
  return null;
}

/**
 * The index of the first criterion without a score that needs one, or -1. A criterion about the
 * video may wait: there may be no video, or blind review hides it until the rest is rated.
 */
export const firstUnscored = (scores: readonly (number | null)[], criteria: readonly Criterion[]): number =>
  scores.findIndex((score, index) => score === null && criteria[index]?.about !== 'video');

/** What a reviewer had chosen when their rating was refused because the rubric had changed. */
export interface RatingDraft {
  /** The criteria the scores were chosen against, in the order the form showed them. */
  criteria: Criterion[];
  scores: (number | null)[];
  recommendation: Recommendation | null;
}

/**
 * The draft's scores that still mean what the reviewer meant, placed under the new criteria: a
 * score carries over only to a criterion identical to the one it was given for (`sameCriterion`:
 * about, name and anchors, since a 5 is judged against what a 5 looks like), wherever that now
 * stands; each score once. Any other criterion starts unscored. Also how a rating given under an
 * older version fills the form of the current one.
 */
export function carriedScores(draft: RatingDraft, criteria: readonly Criterion[]): (number | null)[] {
  const left = draft.criteria.map((criterion, index) => ({ criterion, score: draft.scores[index] ?? null }));
  return criteria.map((criterion) => {
    const at = left.findIndex((old) => old.score !== null && sameCriterion(old.criterion, criterion));
    return at < 0 ? null : (left.splice(at, 1)[0]?.score ?? null);
  });
}

/**
 * What a reviewer is told when their rating was refused because the rubric changed: the server's
 * reason, that nothing was saved, and what of their choices the new form still holds.
 */
export function rubricChangedNotice(
  reason: string,
  { kept, criteria, recommendation }: { kept: number; criteria: number; recommendation: boolean },
): string {
  const refused = `${reason.replace(/\.?$/, '.')} Your ratings were not saved.`;
  const scores = `${kept} ${kept === 1 ? 'criterion' : 'criteria'} that did not change`;
  const rest = kept === criteria ? 'check them, then submit again.' : 'check them, score the rest, then submit again.';
  if (kept === 0) {
    return recommendation
      ? `${refused} No criterion you scored is the same now: score each again. Your recommendation is kept.`
      : `${refused} No criterion you scored is the same now: score each again.`;
  }
  return recommendation
    ? `${refused} Your scores for the ${scores} and your recommendation are kept: ${rest}`
    : `${refused} Your scores for the ${scores} are kept: ${rest}`;
}
