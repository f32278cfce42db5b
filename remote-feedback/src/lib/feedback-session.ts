import { defineSessionSlice, optionalNumberField, textField } from '@assessment/react';

/** The feedback section's part of the session: the rating (0 to 4) and comment as submitted. */
export const feedbackSession = defineSessionSlice('feedback', {
  currentScore: optionalNumberField(),
  feedback: textField(),
});
