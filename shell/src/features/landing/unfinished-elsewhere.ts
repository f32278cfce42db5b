import { getTest, type TestDefinition } from '@assessment/core';
import type { InviteLink, SessionData } from '@assessment/react';

/** The assessment of another invitation link that this browser holds, and where it continues. */
export interface UnfinishedAssessment {
  test: TestDefinition;
  link: InviteLink;
}

/**
 * The assessment that "Agree & start" on `link` would set aside in this browser, or null. A browser
 * holds one session at a time (each field in its own storage key, SPEC section 7), so starting
 * another link sets the one it holds aside (the session store's `startNewSession`); a finished one
 * needs nothing more, and a session without its key can no longer be written to (`readSession`),
 * so only a live, unfinished session of another link counts.
 */
export function unfinishedOtherAssessment(
  session: Pick<SessionData, 'testId' | 'invitationToken' | 'sessionId' | 'sessionKey'>,
  link: InviteLink,
  finished: boolean,
  testOf: (testId: string) => TestDefinition | undefined = getTest,
): UnfinishedAssessment | null {
  const { testId, invitationToken } = session;
  if (finished || testId === null || session.sessionId === null || session.sessionKey === null) return null;
  if (testId === link.testId && invitationToken === link.invitationToken) return null;
  const test = testOf(testId);
  return test ? { test, link: { testId, invitationToken } } : null;
}
