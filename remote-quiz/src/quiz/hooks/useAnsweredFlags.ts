import { useSessionSlice } from '@assessment/react';
import { useMemo } from 'react';
import { isAnswered } from '../../editor/lib/answered.ts';
import { threeAnswers } from '../lib/quiz-progress.ts';
import { quizSession } from '../quiz-session.ts';

/** The three flags as one number (bit n: question n answered), so a save that changes none re-renders nothing. */
function answeredBits(answers: readonly string[]): number {
  const [a, b, c] = threeAnswers(answers);
  return (isAnswered(a) ? 1 : 0) | (isAnswered(b) ? 2 : 0) | (isAnswered(c) ? 4 : 0);
}

/** Which of the three questions count as answered, from the saved answers. */
export function useAnsweredFlags(): [boolean, boolean, boolean] {
  const bits = useSessionSlice(quizSession, (state) => answeredBits(state.answers));
  return useMemo(() => [(bits & 1) !== 0, (bits & 2) !== 0, (bits & 4) !== 0], [bits]);
}
