import { defineSessionSlice, flagField, textListField } from '@assessment/react';

/**
 * The quiz's part of the session: the sanitized HTML of the three answers, in the `answers` key,
 * and `quizSubmitted`, the flag that marks the section finished (the registry's `finishedWhen`).
 */
export const quizSession = defineSessionSlice('quiz', {
  answers: textListField(['', '', '']),
  quizSubmitted: flagField(),
});
