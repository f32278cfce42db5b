import { invitePath, inviteSegment, quizStartOf, SECTIONS, type TestDefinition } from '@assessment/core';
import { browserStorage, focusIsFree, type InviteLink, sessionStore } from '@assessment/react';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useNavigationType } from 'react-router-dom';
import type { LandingInvitation } from '../invite/invitation-decision.ts';
import { ConfirmationStep, RequirementsStep, ResponsibilitiesStep, SectionsStep } from './AssessmentSteps.tsx';
import { CompanyIntro } from './CompanyIntro.tsx';
import { ConfirmationForm } from './ConfirmationForm.tsx';
import { PrivacyNotice } from './PrivacyNotice.tsx';
import { returnOf } from './returning.ts';
import { WelcomeBack } from './WelcomeBack.tsx';
import './landing.css';

interface Props {
  test: TestDefinition;
  link: InviteLink;
  /** What a personal invitation brings (extra time); null for the open link. */
  invitation: LandingInvitation | null;
  /** The control that led here is gone though the address did not change (Try again): the heading takes focus. */
  focusHeading?: boolean;
}

export function LandingPage({ test, link, invitation, focusHeading = false }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  // Decided once, as the page opens: agreeing on this page changes the session, and leaves it.
  const [comingBack] = useState(() =>
    returnOf(sessionStore.getState(), link, SECTIONS.sections, (section) => sessionStore.isSectionFinished(section)),
  );
  const [changingDetails, setChangingDetails] = useState(false);

  // Sent here from inside the assessment (Retry at the end, or a section that is not open yet),
  // the control that led here is gone: the welcome heading takes focus. A page opened from its
  // link is left as the browser opens it.
  useEffect(() => {
    if ((navigationType !== 'POP' || focusHeading) && focusIsFree()) heading.current?.focus();
  }, [navigationType, focusHeading]);

  const pathOf = (segment: string) => invitePath(inviteSegment(link.testId, link.invitationToken), segment);
  // Finished in this browser: the end screen, with nothing to start again. Only this browser's flag
  // decides it, stored with the feedback the end screen shows; the server's word (finishedHere)
  // could send a browser without that feedback to an end screen that sends it back here.
  if (comingBack.kind === 'finished') return <Navigate to={pathOf(comingBack.section.segment)} replace />;
  const session = sessionStore.getState();
  const welcomeBack = comingBack.kind === 'continue' && (
    <WelcomeBack
      test={test}
      section={comingBack.section}
      fullName={session.fullName}
      extraTimePercent={invitation?.extraTimePercent ?? session.extraTimePercent ?? 0}
      quizStartedAt={session.sessionId ? quizStartOf(browserStorage(), session.sessionId) : null}
      onContinue={() => navigate(pathOf(comingBack.section.segment))}
      onChangeDetails={() => {
        setChangingDetails(true);
        requestAnimationFrame(() => document.getElementById('confirm-email')?.focus());
      }}
    />
  );

  return (
    <main className="landing">
      <CompanyIntro test={test} invitation={invitation} headingRef={heading} returning={Boolean(welcomeBack)} />
      <div className="landing-steps">
        {welcomeBack}
        <ResponsibilitiesStep test={test} />
        <RequirementsStep test={test} />
        <SectionsStep test={test} />
        <ConfirmationStep>
          {welcomeBack && !changingDetails ? (
            <p>Your details are confirmed. To correct them, select Change your details above.</p>
          ) : (
            <ConfirmationForm test={test} link={link} invitation={invitation} />
          )}
          <PrivacyNotice test={test} />
        </ConfirmationStep>
      </div>
    </main>
  );
}
