import { getTest, isExpired, isKnownTestId, resolveInviteRoute, SECTIONS } from '@assessment/core';
import { Navigate, useParams } from 'react-router-dom';
import { assessmentTitle } from '../../components/page-title.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { LandingPage } from '../landing/LandingPage.tsx';
import { SectionScreen } from '../sections/SectionScreen.tsx';
import { usePrefetchSection } from '../sections/usePrefetchSection.ts';

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

  if (route.kind === 'redirect') return <Navigate to={route.to} replace />;
  if (!test) return <Navigate to="/404" replace />;
  if (route.screen === 'landing') return <LandingPage test={test} testId={route.testId} />;
  if (!section) return <Navigate to="/404" replace />;
  return <SectionScreen key={section.id} section={section} test={test} testId={route.testId} />;
}
