import {
  invitePath,
  inviteSegment,
  pathAfterSection,
  SECTIONS,
  type Section,
  type TestDefinition,
} from '@assessment/core';
import { type InviteLink, type NavigationOptions, useSession } from '@assessment/react';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { AssessmentHeader } from '../../components/AssessmentHeader.tsx';
import { useSectionInvitationWatch } from '../invite/useSectionInvitationWatch.ts';
import { SectionErrorBoundary } from './SectionErrorBoundary.tsx';
import { SectionLoadProblem } from './SectionLoadProblem.tsx';
import { usePrefetchSection } from './usePrefetchSection.ts';
import { useSectionHeadingFocus } from './useSectionHeadingFocus.ts';
import { useSectionModule } from './useSectionModule.ts';
import { useSectionTrouble } from './useSectionTrouble.ts';

interface Props {
  section: Section;
  test: TestDefinition;
  /** The invitation link of the route: the test, and a personal invitation's token. */
  link: InviteLink;
}

/** One assessment section: the shell's header, then the section remote for this route. */
export function SectionScreen({ section, test, link }: Props) {
  const navigate = useNavigate();
  const { state, retry } = useSectionModule(section);
  const main = useRef<HTMLElement>(null);
  useSectionHeadingFocus(main, state.status === 'ready');
  // Once this section is on screen, the next one is fetched while the candidate works here.
  usePrefetchSection(SECTIONS.next(section), state.status === 'ready');
  useSectionInvitationWatch(link);
  const trouble = useSectionTrouble(section, link);
  const failedKind = state.status === 'failed' ? state.error.kind : null;
  useEffect(() => {
    if (failedKind) trouble.failed(failedKind);
  }, [failedKind, trouble]);
  const { testId } = link;
  const segment = inviteSegment(testId, link.invitationToken);
  const extraTimePercent = useSession((session) =>
    session.invitationToken !== null && session.invitationToken === link.invitationToken
      ? (session.extraTimePercent ?? 0)
      : 0,
  );
  const goToNext = useCallback(
    (options?: NavigationOptions) => navigate(pathAfterSection(segment, section), options),
    [navigate, segment, section],
  );
  const goToLanding = useCallback(
    (options?: NavigationOptions) => navigate(invitePath(segment), options),
    [navigate, segment],
  );

  return (
    <div className="assessment-page">
      <AssessmentHeader test={test} />
      <main className="assessment-main" ref={main}>
        {state.status === 'loading' && (
          <p className="section-loading" role="status">
            Loading…
          </p>
        )}
        {state.status === 'failed' && (
          <SectionLoadProblem message={state.error.message} kind={state.error.kind} onRetry={retry} />
        )}
        {state.status === 'ready' && (
          <SectionErrorBoundary
            key={section.id}
            remote={section.remote.name}
            onRetry={retry}
            onCrash={() => trouble.failed('crashed')}
            onShown={trouble.shown}
          >
            <state.module.default
              test={test}
              testId={testId}
              extraTimePercent={extraTimePercent}
              goToNext={goToNext}
              goToLanding={goToLanding}
            />
          </SectionErrorBoundary>
        )}
      </main>
    </div>
  );
}
