import { describe, expect, it } from 'vitest';
import { feedbackStage } from './feedback-stage.ts';

const INVITE = 'thd0wtfl';
const afterVideo = {
  testId: INVITE,
  sessionId: 'session-1234',
  previousFinished: true,
  currentScore: null,
};

describe('feedbackStage', () => {
  // Whether the video section is finished (a recorded video, or the choice to go on without one)
  // is the video section's to say: see the session store's tests.
  it('opens the form once the video section is finished', () => {
    expect(feedbackStage(afterVideo, INVITE)).toBe('form');
  });

  it('is locked before the video section is done', () => {
    expect(feedbackStage({ ...afterVideo, previousFinished: false }, INVITE)).toBe('locked');
  });

  it('is locked for a session of another invitation', () => {
    expect(feedbackStage({ ...afterVideo, testId: 'abcd1234' }, INVITE)).toBe('locked');
  });

  it('is locked without a registration', () => {
    expect(feedbackStage({ ...afterVideo, testId: null, sessionId: null }, INVITE)).toBe('locked');
    expect(feedbackStage({ ...afterVideo, sessionId: null }, INVITE)).toBe('locked');
  });

  it('shows the thanks again once a rating was submitted, including the lowest one', () => {
    expect(feedbackStage({ ...afterVideo, currentScore: 0 }, INVITE)).toBe('done');
    expect(feedbackStage({ ...afterVideo, currentScore: 4 }, INVITE)).toBe('done');
  });

  it('stays locked for a stored rating of another invitation', () => {
    expect(feedbackStage({ ...afterVideo, testId: 'abcd1234', currentScore: 3 }, INVITE)).toBe('locked');
  });
});
