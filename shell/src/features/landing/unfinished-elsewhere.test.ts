import { getTest, sampleTestId } from '@assessment/core';
import { EMPTY_SESSION } from '@assessment/react';
import { describe, expect, it } from 'vitest';
import { unfinishedOtherAssessment } from './unfinished-elsewhere.ts';

const token = 'k3m9p2x7q4w8e1r5t6y0u2i3o4';
const otherTestId = 'm1hd8035';
const held = {
  ...EMPTY_SESSION,
  testId: sampleTestId,
  invitationToken: token,
  sessionId: 'session-a',
  sessionKey: 'k'.repeat(43),
};

describe('unfinishedOtherAssessment', () => {
  it('names the test and link of an unfinished session of another test', () => {
    const other = unfinishedOtherAssessment(held, { testId: otherTestId, invitationToken: null }, false);
    expect(other?.test).toBe(getTest(sampleTestId));
    expect(other?.link).toEqual({ testId: sampleTestId, invitationToken: token });
  });

  it('counts the open link and a personal link of the same test as different invitations', () => {
    expect(unfinishedOtherAssessment(held, { testId: sampleTestId, invitationToken: null }, false)?.link).toEqual({
      testId: sampleTestId,
      invitationToken: token,
    });
    const open = { ...held, invitationToken: null };
    expect(unfinishedOtherAssessment(open, { testId: sampleTestId, invitationToken: token }, false)?.link).toEqual({
      testId: sampleTestId,
      invitationToken: null,
    });
  });

  it('is null for the same link, a finished session, no session, or a session without its key', () => {
    const link = { testId: otherTestId, invitationToken: null };
    expect(unfinishedOtherAssessment(held, { testId: sampleTestId, invitationToken: token }, false)).toBeNull();
    expect(unfinishedOtherAssessment(held, link, true)).toBeNull();
    expect(unfinishedOtherAssessment(EMPTY_SESSION, link, false)).toBeNull();
    expect(unfinishedOtherAssessment({ ...held, sessionKey: null }, link, false)).toBeNull();
    expect(unfinishedOtherAssessment({ ...held, sessionId: null }, link, false)).toBeNull();
  });

  it('is null for a test the catalogue no longer has', () => {
    expect(
      unfinishedOtherAssessment(held, { testId: otherTestId, invitationToken: null }, false, () => undefined),
    ).toBeNull();
  });
});
