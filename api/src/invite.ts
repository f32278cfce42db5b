import { getTest, isExpired, type TestDefinition } from '@assessment/core';
import { HttpError } from './http/errors.ts';

/** The test an invitation id names; anything else is refused before it is stored. */
export function requireTest(testId: string): TestDefinition {
  const test = getTest(testId);
  if (test) return test;
  throw new HttpError(400, isExpired(testId) ? `Invitation "${testId}" has expired` : `Unknown invitation "${testId}"`);
}
