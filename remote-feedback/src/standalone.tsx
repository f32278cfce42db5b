import { type SessionState, sessionStore } from '@assessment/react';
import { mountStandalone } from '@assessment/react/harness';
import Section from './section.tsx';

/**
 * The harness fakes a candidate who has just agreed on the landing page. This section opens only
 * after the video introduction, so each faked candidate here has also recorded one, and has not
 * given feedback yet. Set `VideoRecorded` to false in storage to see the section send them back.
 */
function pretendVideoRecorded(state: SessionState): void {
  state.update({ VideoRecorded: true, noVideo: false, currentScore: null, feedback: '' });
}

sessionStore.subscribe((state, previous) => {
  if (state.inviteUUID !== previous.inviteUUID) pretendVideoRecorded(state);
});
mountStandalone(Section, 'feedback');
