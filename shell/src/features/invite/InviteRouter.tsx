import {
  getTest,
  invitePath,
  inviteSegment,
  isExpired,
  isKnownTestId,
  resolveInviteRoute,
  SECTIONS,
} from '@assessment/core';
import { useSession } from '@assessment/react';
import { Navigate, useParams } from 'react-router-dom';
import { assessmentTitle } from '../../components/page-title.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { SectionScreen } from '../sections/SectionScreen.tsx';
import { usePrefetchSection } from '../sections/usePrefetchSection.ts';
import { InvitationLanding } from './InvitationLanding.tsx';

const lookup = { isKnownTestId, isExpired };

/** `/invite/:testId/*`: validates the invitation, then shows the landing page or one section. */
export function InviteRouter() {
  const params = useParams();
  const route = resolveInviteRoute(params.testId ?? '', params['*'] ?? '', lookup);
  const test = route.kind === 'screen' ? getTest(route.testId) : undefined;
  const section = route.kind === 'screen' && route.screen !== 'landing' ? SECTIONS.bySegment(route.screen) : undefined;
  usePageTitle(test ? assessmentTitle(test.companyName, section?.title) : 'Hiring Assessment');
  // The landing page leads to the first section: fetched while the candidate reads and fills in the form.
  usePrefetchSection(test && route.kind === 'screen' && route.screen === 'landing' ? SECTIONS.first : undefined);
  const storedTestId = useSession((session) => session.testId);
  const storedToken = useSession((session) => session.invitationToken);
  const erasedLink = useSession((session) => session.erasedLink);

  if (route.kind === 'redirect') return <Navigate to={route.to} replace />;
  if (!test) return <Navigate to="/404" replace />;
  const link = { testId: route.testId, invitationToken: route.invitationToken };
  if (route.screen === 'landing')
    return <InvitationLanding key={inviteSegment(link.testId, link.invitationToken)} test={test} link={link} />;
  if (!section) return <Navigate to="/404" replace />;
  // The server erased the session of this link while its screens were open. Without a session, a
  // section would send the candidate to the landing page, as if they could go on.
  if (erasedLink?.testId === link.testId && erasedLink.invitationToken === link.invitationToken) {
    return <Navigate to="/expired" state={{ erased: true }} replace />;
  }
  // The session of the same test's other link (open or personal) is not this link's: each section
  // checks the test id, the token is the shell's to check.
  if (storedTestId === link.testId && storedToken !== link.invitationToken) {
    return <Navigate to={invitePath(inviteSegment(link.testId, link.invitationToken))} replace />;
  }
  return <SectionScreen key={section.id} section={section} test={test} link={link} />;
}
