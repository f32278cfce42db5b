import type { TestDefinition } from './types.ts';

/** Extra time a hiring company can grant as an accommodation, in percent of the quiz time limit. */
export const MAX_EXTRA_TIME_PERCENT = 100;
/** What the review page offers; any whole number from 0 to `MAX_EXTRA_TIME_PERCENT` is accepted. */
export const EXTRA_TIME_CHOICES = [0, 25, 50, 100] as const;

/**
 * The quiz time limit in whole minutes with extra time applied: the countdown in the browser and the
 * server's late flag both count from this one figure, and the invitation email, the landing page
 * and the review page state it. Rounded up: rounded to the nearest, +1 % on 15 minutes gave 15
 * minutes, none of the extra time the candidate is told is theirs.
 */
export function quizTimeLimitMinutes(test: Pick<TestDefinition, 'timeLimitInMinute'>, extraTimePercent = 0): number {
  return Math.ceil((test.timeLimitInMinute * (100 + extraTimePercent)) / 100);
}
