import { EXTRA_TIME_CHOICES, quizTimeLimitMinutes } from '@assessment/core';

/** The choices offered, plus the invitation's own value when it was set to another (by the operator's API). */
export function extraTimeChoices(current: number | null = null): number[] {
  const choices: number[] = [...EXTRA_TIME_CHOICES];
  if (current !== null && !choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => a - b);
}

export function extraTimeLabel(percent: number): string {
  return percent === 0 ? 'None' : `+${percent} %`;
}

/** "+50 % (quiz time 23 min instead of 15)", so the reviewer sees what the candidate will get. */
export function extraTimeSummary(percent: number, timeLimitInMinute: number): string {
  if (percent === 0) return `None (quiz time ${timeLimitInMinute} min)`;
  const minutes = quizTimeLimitMinutes({ timeLimitInMinute }, percent);
  return `${extraTimeLabel(percent)} (quiz time ${minutes} min instead of ${timeLimitInMinute})`;
}
