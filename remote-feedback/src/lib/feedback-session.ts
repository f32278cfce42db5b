import { defineSessionSlice, flagField, optionalNumberField, textField } from '@assessment/react';

/**
 * The feedback section's part of the session: the rating (0 to 4) and comment as submitted, and
 * `feedbackSent`, the flag that marks the whole assessment finished (the section registry's
 * `finishedWhen`).
 */
export const feedbackSession = defineSessionSlice('feedback', {
  currentScore: optionalNumberField(),
  feedback: textField(),
  feedbackSent: flagField(),
});
