import { getTest, registrationSchema, sampleTestId } from '@assessment/core';
import { EMPTY_SESSION, type SessionData } from '@assessment/react';
import { describe, expect, it } from 'vitest';
import { type StartInput, startAssessment } from './start-assessment.ts';

const test = getTest(sampleTestId);
if (!test) throw new Error('the catalogue has no sample test');
const token = 'k3m9p2x7q4w8e1r5t6y0u2i3o4';

function start(session: SessionData, changes: Partial<StartInput> = {}) {
  return startAssessment({
    test: test as NonNullable<typeof test>,
    testId: sampleTestId,
    invitationToken: token,
    extraTimePercent: 50,
    form: {
      email: 'ada@lovelace.example',
      fullName: ' Ada Lovelace ',
      workExperience: '4-6 Years',
      social: 'https://social.example/ada',
      gender: '',
      declaration: true,
    },
    session,
    device: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', maxTouchPoints: 0, screenWidth: 1920, screenHeight: 1080 },
    now: 1_000,
    newSessionId: () => 'session-personal',
    newSessionKey: () => 'k'.repeat(43),
    ...changes,
  });
}

describe('startAssessment with a personal invitation', () => {
  it('keeps the token and extra time with a new session and sends the token with the registration', () => {
    const { session, newSession, registration } = start(EMPTY_SESSION);
    expect(newSession).toBe(true);
    expect(session).toMatchObject({ testId: sampleTestId, invitationToken: token, extraTimePercent: 50 });
    expect(registration.invitation).toBe(token);
    expect(registrationSchema.safeParse(registration).success).toBe(true);
  });

  it('continues the same session, clock and all, when the same link is agreed to again', () => {
    const first = start(EMPTY_SESSION).session;
    const again = start({ ...EMPTY_SESSION, ...first } as SessionData, { now: 99_000 });
    expect(again.newSession).toBe(false);
    expect(again.session).toMatchObject({ sessionId: first.sessionId, startTime: 1_000 });
  });

  it('starts afresh for the open link of the same test, which sends no token', () => {
    const personal = start(EMPTY_SESSION).session;
    const open = start({ ...EMPTY_SESSION, ...personal } as SessionData, {
      invitationToken: null,
      extraTimePercent: null,
      now: 99_000,
      newSessionId: () => 'session-open',
    });
    expect(open.newSession).toBe(true);
    expect(open.session).toMatchObject({ invitationToken: null, startTime: 99_000 });
    expect(open.session.sessionId).toBe('session-open');
    expect(open.registration).not.toHaveProperty('invitation');
  });
});
