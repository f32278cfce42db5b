import { FEEDBACK_DRAFT_KEY, safeRead, safeWrite, writeSessionItem } from '@assessment/core';
import { browserStorage } from '@assessment/react';
import { useState } from 'react';
import { decodeDraft, encodeDraft, type FeedbackDraft } from '../lib/feedback-draft.ts';

/** The form's rating and comment, saved on every change so a reload brings them back. */
export function useFeedbackDraft(sessionId: string | null) {
  const [draft, setDraft] = useState(() => decodeDraft(safeRead(browserStorage(), FEEDBACK_DRAFT_KEY), sessionId));

  function change(changes: Partial<FeedbackDraft>): void {
    const next = { ...draft, ...changes };
    setDraft(next);
    if (sessionId) writeSessionItem(browserStorage(), sessionId, FEEDBACK_DRAFT_KEY, encodeDraft(sessionId, next));
  }

  /** Once submitted, the rating and comment live in the session; the draft has done its job. */
  function discard(): void {
    safeWrite(browserStorage(), FEEDBACK_DRAFT_KEY, null);
  }

  return { draft, change, discard };
}
