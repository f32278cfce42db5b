import { getTest, isExpired, type TestDefinition } from '@assessment/shared/catalogue';
import { HttpError } from './http/errors.ts';

/** The test an invitation id names; anything else is refused before it is stored. */
export function requireTest(inviteId: string): TestDefinition {
  const test = getTest(inviteId);
  if (test) return test;
  throw new HttpError(
    400,
    isExpired(inviteId) ? `Invitation "${inviteId}" has expired` : `Unknown invitation "${inviteId}"`,
  );
}
