import { defineSessionSlice, flagField } from '@assessment/react';

/** The video section's part of the session: how it ended. Either flag lets the next section open. */
export const videoSession = defineSessionSlice('video', {
  VideoRecorded: flagField(),
  /** The candidate chose to go on without a video (no working camera). */
  noVideo: flagField(),
});
