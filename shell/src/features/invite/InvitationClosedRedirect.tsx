import { decodeInviteParam } from '@assessment/core';
import { sessionStore, subscribeInvitationEvents } from '@assessment/react';
import { useEffect } from 'react';
import { matchPath, useNavigate } from 'react-router-dom';

/**
 * A call of this browser's session answered 410: its personal link was revoked or has expired
 * meanwhile, or the candidate's data was erased. A candidate on that link's screens goes to Link
 * Expired, which tells them when their data was erased. Of a revoked or expired link, what they
 * saved stays in this browser, and what the server had stays there. Of an erased session, this
 * browser drops its own copy as well (shared/react/src/api/client.ts, `forgetErasedSession`). An
 * old session's call answered 410 while the candidate is elsewhere changes nothing on screen.
 */
export function InvitationClosedRedirect() {
  const navigate = useNavigate();
  useEffect(
    () =>
      subscribeInvitationEvents((event) => {
        if (event.kind !== 'closed') return;
        const session = sessionStore.getState();
        if (event.sessionId !== session.sessionId) return;
        const param = matchPath('/invite/:param/*', window.location.pathname)?.params.param;
        const link = param === undefined ? null : decodeInviteParam(param);
        if (link && link.testId === session.testId && link.invitationToken === session.invitationToken) {
          navigate('/expired', { replace: true, state: { erased: event.erased } });
        }
      }),
    [navigate],
  );
  return null;
}
