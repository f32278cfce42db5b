import { describe, expect, it } from 'vitest';
import { feedbackStage } from './feedback-stage.ts';

const INVITE = 'thd0wtfl';
const afterVideo = {
  inviteUUID: INVITE,
  unique: 'session-1234',
  VideoRecorded: true,
  noVideo: false,
  currentScore: null,
};

describe('feedbackStage', () => {
  it('opens the form after a recorded video', () => {
    expect(feedbackStage(afterVideo, INVITE)).toBe('form');
  });

  it('opens the form after the candidate chose to go on without a video', () => {
    expect(feedbackStage({ ...afterVideo, VideoRecorded: false, noVideo: true }, INVITE)).toBe('form');
  });

  it('is locked before the video section is done', () => {
    expect(feedbackStage({ ...afterVideo, VideoRecorded: false }, INVITE)).toBe('locked');
  });

  it('is locked for a session of another invitation', () => {
    expect(feedbackStage({ ...afterVideo, inviteUUID: 'abcd1234' }, INVITE)).toBe('locked');
  });

  it('is locked without a registration', () => {
    expect(feedbackStage({ ...afterVideo, inviteUUID: null, unique: null }, INVITE)).toBe('locked');
    expect(feedbackStage({ ...afterVideo, unique: null }, INVITE)).toBe('locked');
  });

  it('shows the thanks again once a rating was submitted, including the lowest one', () => {
    expect(feedbackStage({ ...afterVideo, currentScore: 0 }, INVITE)).toBe('done');
    expect(feedbackStage({ ...afterVideo, currentScore: 4 }, INVITE)).toBe('done');
  });

  it('stays locked for a stored rating of another invitation', () => {
    expect(feedbackStage({ ...afterVideo, inviteUUID: 'abcd1234', currentScore: 3 }, INVITE)).toBe('locked');
  });
});
