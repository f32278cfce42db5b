import { defineSessionSlice, textListField } from '@assessment/react';

/** The quiz's part of the session: the sanitized HTML of the three answers, in the `answers` key. */
export const quizSession = defineSessionSlice('quiz', { answers: textListField(['', '', '']) });
