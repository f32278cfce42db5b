import type { Criterion } from '@assessment/core';

/** What a criterion is about, as the reviewer reads it. */
export const aboutName = (about: Criterion['about']): string =>
  about === 'video' ? 'Video introduction' : `Question ${about}`;

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
