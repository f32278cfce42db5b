import { quizTimeLimitMinutes, type TestDefinition } from '@assessment/core';

/**
 * The landing page's line for extra quiz time, e.g. `+50 % (quiz time limit 23 mins instead of 15)`,
 * or null when there is none.
 */
export function describeExtraTime(
  test: Pick<TestDefinition, 'timeLimitInMinute'>,
  extraTimePercent: number,
): string | null {
  if (extraTimePercent <= 0) return null;
  const limit = quizTimeLimitMinutes(test, extraTimePercent);
  return `+${extraTimePercent} % (quiz time limit ${limit} mins instead of ${test.timeLimitInMinute})`;
}
