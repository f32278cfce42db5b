import { FEEDBACK_MAX_CHARS } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { decodeDraft, EMPTY_DRAFT, encodeDraft } from './feedback-draft.ts';

describe('feedback draft', () => {
  it('comes back as it was saved for the same session', () => {
    const draft = { rating: 2 as const, comment: 'Half written' };
    expect(decodeDraft(encodeDraft('session-1234', draft), 'session-1234')).toEqual(draft);
    expect(decodeDraft(encodeDraft('session-1234', EMPTY_DRAFT), 'session-1234')).toEqual(EMPTY_DRAFT);
  });

  it('is not carried over to another session', () => {
    const raw = encodeDraft('session-1234', { rating: 4, comment: 'Old attempt' });
    expect(decodeDraft(raw, 'session-5678')).toEqual(EMPTY_DRAFT);
    expect(decodeDraft(raw, null)).toEqual(EMPTY_DRAFT);
  });

  it('starts empty when nothing or something unreadable is stored', () => {
    for (const raw of [null, '', 'not json', '42', 'null', '[]']) {
      expect(decodeDraft(raw, 'session-1234')).toEqual(EMPTY_DRAFT);
    }
  });

  it('keeps what is valid from an edited or older value', () => {
    const raw = JSON.stringify({ unique: 'session-1234', rating: 9, comment: 'x'.repeat(FEEDBACK_MAX_CHARS + 5) });
    const draft = decodeDraft(raw, 'session-1234');
    expect(draft.rating).toBeNull();
    expect(draft.comment).toHaveLength(FEEDBACK_MAX_CHARS);
  });
});
