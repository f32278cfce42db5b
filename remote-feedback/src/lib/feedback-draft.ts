import { FEEDBACK_MAX_CHARS, isTaggedWith, storedSessionTag } from '@assessment/core';
import { isRating, type Rating } from './rating.ts';

/**
 * The rating and comment while they are being written, kept in the browser (`FEEDBACK_DRAFT_KEY`) so
 * a reload or a crashed tab loses nothing. Tagged with the session id (`storedSessionTag`): a new
 * attempt starts with an empty form.
 */
export interface FeedbackDraft {
  rating: Rating | null;
  comment: string;
}

export const EMPTY_DRAFT: FeedbackDraft = { rating: null, comment: '' };

export function encodeDraft(sessionId: string, draft: FeedbackDraft): string {
  return JSON.stringify({ ...storedSessionTag(sessionId), rating: draft.rating, comment: draft.comment });
}

export function decodeDraft(raw: string | null, sessionId: string | null): FeedbackDraft {
  if (!raw || !sessionId) return EMPTY_DRAFT;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isTaggedWith(parsed, sessionId)) return EMPTY_DRAFT;
    const stored = parsed as Record<string, unknown>;
    return {
      rating: isRating(stored.rating) ? stored.rating : null,
      comment: typeof stored.comment === 'string' ? stored.comment.slice(0, FEEDBACK_MAX_CHARS) : '',
    };
  } catch {
    return EMPTY_DRAFT;
  }
}
