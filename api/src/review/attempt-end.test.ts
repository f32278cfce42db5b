import { describe, expect, it } from 'vitest';
import { type AttemptFacts, answersKept, didNotFinish, quizTimeRanOut } from './attempt-end.ts';

const started: AttemptFacts = {
  quizSubmitted: false,
  quizClockStarted: true,
  lateAfter: 1_000,
  finished: false,
  invitationExpiresAt: 5_000,
};

describe('how an unfinished attempt ended', () => {
  it('runs out of time once the quiz time and its grace passed without a submit, not before', () => {
    expect(quizTimeRanOut(started, 1_000)).toBe(false);
    expect(quizTimeRanOut(started, 1_001)).toBe(true);
    expect(quizTimeRanOut({ ...started, quizSubmitted: true }, 9_000)).toBe(false);
    // A clock never started has no time to run out: such a candidate only did not finish.
    expect(quizTimeRanOut({ ...started, quizClockStarted: false }, 9_000)).toBe(false);
  });

  it('did not finish once the invitation expired before the feedback, and never on the open link', () => {
    expect(didNotFinish(started, 5_000)).toBe(false);
    expect(didNotFinish(started, 5_001)).toBe(true);
    expect(didNotFinish({ ...started, finished: true }, 9_000)).toBe(false);
    expect(didNotFinish({ ...started, invitationExpiresAt: null }, 9_000)).toBe(false);
  });

  it('keeps the answers that hold something to read, as the quiz counts them', () => {
    expect(answersKept(['<p>Costs fell</p>', '<p></p>', '<p><img src="data:image/png;base64,AAAA"></p>'])).toBe(2);
    expect(answersKept(['', '<p>&nbsp;</p>', '<p> </p>'])).toBe(0);
  });
});
