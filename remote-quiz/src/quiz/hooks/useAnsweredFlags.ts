import { useSessionSlice } from '@assessment/react';
import { isAnswered } from '../../editor/lib/answered.ts';
import { threeAnswers } from '../lib/quiz-progress.ts';
import { quizSession } from '../quiz-session.ts';

// Several parts of the screen show the same count; each saved version of the answers is read once.
const cache = new WeakMap<readonly string[], [boolean, boolean, boolean]>();

function answeredFlags(answers: readonly string[]): [boolean, boolean, boolean] {
  let flags = cache.get(answers);
  if (!flags) {
    const [a, b, c] = threeAnswers(answers);
    flags = [isAnswered(a), isAnswered(b), isAnswered(c)];
    cache.set(answers, flags);
  }
  return flags;
}

/** Which of the three questions count as answered, from the saved answers. */
export function useAnsweredFlags(): [boolean, boolean, boolean] {
  return answeredFlags(useSessionSlice(quizSession, (state) => state.answers));
}
