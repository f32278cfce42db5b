import type { TestDefinition } from '@assessment/core';
import type { Ref } from 'react';
import type { LandingInvitation } from '../invite/invitation-decision.ts';
import { describeExtraTime } from './extra-time.ts';

interface Props {
  test: TestDefinition;
  /** What a personal invitation brings (extra time); null for the open link. */
  invitation: LandingInvitation | null;
  headingRef: Ref<HTMLHeadingElement>;
  /** A candidate who opens their link again is welcomed back. */
  returning?: boolean;
}

/** The left column: who invites the candidate, to what, and how long it takes. */
export function CompanyIntro({ test, invitation, headingRef, returning = false }: Props) {
  const extraTime = invitation ? describeExtraTime(test, invitation.extraTimePercent) : null;
  return (
    <aside className="company-intro" aria-labelledby="welcome-heading">
      <a className="company-link" href={test.companyURL} target="_blank" rel="noopener noreferrer">
        {test.companyName}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <h1 id="welcome-heading" ref={headingRef} tabIndex={-1}>
        {returning ? 'Welcome back!' : 'Welcome!'}
      </h1>
      <p>
        {test.companyName} invites you to complete the hiring assessment for the <strong>{test.roleName}</strong> role.
      </p>
      <dl className="test-facts">
        <div>
          <dt>Duration</dt>
          <dd>{test.testDurationInMinute} mins</dd>
        </div>
        <div>
          <dt>Questions</dt>
          <dd>{test.questionCount}</dd>
        </div>
        {extraTime && (
          <div className="test-facts-wide">
            <dt>Extra time</dt>
            <dd>{extraTime}</dd>
          </div>
        )}
      </dl>
      {invitation && (
        <p className="personal-link-note">
          This is your personal invitation link. It works in one browser only: to come back to the assessment, open it
          again in this browser.
        </p>
      )}
    </aside>
  );
}
