import type { TestDefinition } from '@assessment/core';
import { type InviteLink, isSessionOfLink, useSession } from '@assessment/react';
import { Navigate } from 'react-router-dom';
import { LandingPage } from '../landing/LandingPage.tsx';
import { CheckingInvitation } from './CheckingInvitation.tsx';
import { InvitationOnly } from './InvitationOnly.tsx';
import { InvitationUnreachable } from './InvitationUnreachable.tsx';
import { decideLanding } from './invitation-decision.ts';
import { LinkInUse } from './LinkInUse.tsx';
import { useInvitationCheck } from './useInvitationCheck.ts';

/** The landing route of an invitation link: the landing page once the server says the link may be used. */
export function InvitationLanding({ test, link }: { test: TestDefinition; link: InviteLink }) {
  const { check, retry, retried } = useInvitationCheck(link);
  const holdsLink = useSession((session) => isSessionOfLink(session, link));
  const storedExtraTimePercent = useSession((session) => session.extraTimePercent);
  const decision = decideLanding(check, {
    personal: link.invitationToken !== null,
    holdsLink,
    storedExtraTimePercent,
  });
  switch (decision.screen) {
    case 'checking':
      return <CheckingInvitation />;
    case 'redirect':
      return <Navigate to={decision.to} state={{ erased: decision.erased === true }} replace />;
    case 'in-use':
      return <LinkInUse test={test} />;
    case 'invitation-only':
      return <InvitationOnly test={test} />;
    case 'unreachable':
      return <InvitationUnreachable serverAnswered={decision.serverAnswered} onRetry={retry} />;
    case 'landing':
      // After Try again, the button the candidate used is gone: the page's heading takes the focus.
      return <LandingPage test={test} link={link} invitation={decision.invitation} focusHeading={retried} />;
  }
}
