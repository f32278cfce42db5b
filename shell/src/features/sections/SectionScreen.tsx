import { invitePath, type TestDefinition } from '@assessment/core';
import type { NavigationOptions, SectionName } from '@assessment/react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { AssessmentHeader } from '../../components/AssessmentHeader.tsx';
import { SectionErrorBoundary } from './SectionErrorBoundary.tsx';
import { SectionLoadProblem } from './SectionLoadProblem.tsx';
import { useSectionModule } from './useSectionModule.ts';

interface Props {
  section: SectionName;
  test: TestDefinition;
  inviteId: string;
}

/** One assessment section: the shell's header, then the section remote for this route. */
export function SectionScreen({ section, test, inviteId }: Props) {
  const navigate = useNavigate();
  const { state, retry } = useSectionModule(section);
  const goToSection = useCallback(
    (next: SectionName, options?: NavigationOptions) => navigate(invitePath(inviteId, next), options),
    [navigate, inviteId],
  );
  const goToLanding = useCallback(
    (options?: NavigationOptions) => navigate(invitePath(inviteId), options),
    [navigate, inviteId],
  );

  return (
    <div className="assessment-page">
      <AssessmentHeader test={test} />
      <main className="assessment-main">
        {state.status === 'loading' && (
          <p className="section-loading" role="status">
            Loading…
          </p>
        )}
        {state.status === 'failed' && <SectionLoadProblem message={state.error.message} onRetry={retry} />}
        {state.status === 'ready' && (
          <SectionErrorBoundary key={section} onRetry={retry}>
            <state.module.default test={test} inviteId={inviteId} goToSection={goToSection} goToLanding={goToLanding} />
          </SectionErrorBoundary>
        )}
      </main>
    </div>
  );
}
