import { invitePath, inviteSegment } from '@assessment/core';
import {
  checkInvitation,
  flushOutbox,
  type InviteLink,
  isSessionOfLink,
  sessionStore,
  subscribeInvitationEvents,
} from '@assessment/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { decideSection } from './invitation-decision.ts';

/**
 * While a section of an invitation link is shown: a personal link is asked about as the section
 * loads and whenever the candidate comes back to the tab (revoked or expired leads to /expired, a
 * link in use elsewhere to its landing route, a changed extra time reaches the countdown), and a
 * refused registration of this browser's session leads back to the landing route, which says why.
 * The section itself loads meanwhile.
 */
export function useSectionInvitationWatch({ testId, invitationToken }: InviteLink): void {
  const navigate = useNavigate();

  useEffect(() => {
    const link = { testId, invitationToken };
    const landing = invitePath(inviteSegment(testId, invitationToken));
    const stopEvents = subscribeInvitationEvents((event) => {
      if (event.kind === 'registration-refused' && event.sessionId === sessionStore.getState().sessionId) {
        navigate(landing, { replace: true });
      }
    });
    if (invitationToken === null) return stopEvents;

    let current = true;
    const ask = () =>
      void checkInvitation(link).then((check) => {
        if (!current) return;
        const decision = decideSection(check);
        if (decision.action === 'redirect') {
          navigate(decision.to, { replace: true, state: { erased: decision.erased === true } });
        } else if (decision.action === 'landing') navigate(landing, { replace: true });
        else if (decision.extraTimePercent !== null && isSessionOfLink(sessionStore.getState(), link)) {
          sessionStore.getState().update({ extraTimePercent: decision.extraTimePercent });
          // The link is open again (an expiry extended): what waited behind a 410 goes now.
          void flushOutbox();
        }
      });
    // Back in this tab: the hiring company may have added time or closed the link meanwhile.
    const onVisible = () => {
      if (document.visibilityState === 'visible') ask();
    };
    ask();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      current = false;
      document.removeEventListener('visibilitychange', onVisible);
      stopEvents();
    };
  }, [testId, invitationToken, navigate]);
}
