import type { TestDefinition } from '@assessment/core';
import { focusIsFree, type InviteLink } from '@assessment/react';
import { useEffect, useRef } from 'react';
import { useNavigationType } from 'react-router-dom';
import type { LandingInvitation } from '../invite/invitation-decision.ts';
import { ConfirmationStep, RequirementsStep, ResponsibilitiesStep, SectionsStep } from './AssessmentSteps.tsx';
import { CompanyIntro } from './CompanyIntro.tsx';
import { ConfirmationForm } from './ConfirmationForm.tsx';
import { PrivacyNotice } from './PrivacyNotice.tsx';
import './landing.css';

interface Props {
  test: TestDefinition;
  link: InviteLink;
  /** What a personal invitation brings (extra time); null for the open link. */
  invitation: LandingInvitation | null;
}

export function LandingPage({ test, link, invitation }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const navigationType = useNavigationType();

  // Sent here from inside the assessment (Retry at the end, or a section that is not open yet),
  // the control that led here is gone: the welcome heading takes focus. A page opened from its
  // link is left as the browser opens it.
  useEffect(() => {
    if (navigationType !== 'POP' && focusIsFree()) heading.current?.focus();
  }, [navigationType]);

  return (
    <main className="landing">
      <CompanyIntro test={test} invitation={invitation} headingRef={heading} />
      <div className="landing-steps">
        <ResponsibilitiesStep test={test} />
        <RequirementsStep test={test} />
        <SectionsStep test={test} />
        <ConfirmationStep>
          <ConfirmationForm test={test} link={link} invitation={invitation} />
          <PrivacyNotice test={test} />
        </ConfirmationStep>
      </div>
    </main>
  );
}
