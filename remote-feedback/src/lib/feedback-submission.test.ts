import { FEEDBACK_MAX_CHARS, feedbackSchema, getTest, sampleTestId } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { feedbackSubmission } from './feedback-submission.ts';

const test = getTest(sampleTestId);
if (!test) throw new Error('the catalogue has no sample test');
const session = { sessionId: 'session-1234', fullName: 'Ada Lovelace' };

describe('feedbackSubmission', () => {
  it('sends what the API expects, and keeps the same rating and comment in the browser', () => {
    const { session: saved, payload } = feedbackSubmission({
      test,
      testId: sampleTestId,
      session,
      rating: 3,
      comment: '  Clear questions.\nThanks!  ',
    });
    expect(payload).toEqual({
      feedback: 'Clear questions.\nThanks!',
      currentScore: 3,
      userName: 'Ada Lovelace',
      companyName: test.companyName,
      roleName: test.roleName,
      unique: 'session-1234',
      data: sampleTestId,
    });
    expect(feedbackSchema.safeParse(payload).success).toBe(true);
    expect(saved).toEqual({ currentScore: 3, feedback: 'Clear questions.\nThanks!', company: test.companyName });
  });

  it('accepts an empty comment and the lowest rating', () => {
    const { payload } = feedbackSubmission({ test, testId: sampleTestId, session, rating: 0, comment: '   ' });
    expect(payload.feedback).toBe('');
    expect(payload.currentScore).toBe(0);
    expect(feedbackSchema.safeParse(payload).success).toBe(true);
  });

  it('never sends more than the server accepts', () => {
    const { payload } = feedbackSubmission({
      test,
      testId: sampleTestId,
      session,
      rating: 4,
      comment: 'x'.repeat(FEEDBACK_MAX_CHARS + 10),
    });
    expect(payload.feedback).toHaveLength(FEEDBACK_MAX_CHARS);
    expect(feedbackSchema.safeParse(payload).success).toBe(true);
  });

  it('refuses to build a payload the server could not tie to a session', () => {
    expect(() =>
      feedbackSubmission({
        test,
        testId: sampleTestId,
        session: { ...session, sessionId: null },
        rating: 1,
        comment: '',
      }),
    ).toThrow(/registered session/);
  });
});
