import type { TestDefinition } from '@assessment/core';
import type { Ref } from 'react';

/** The left column: who invites the candidate, to what, and how long it takes. */
export function CompanyIntro({ test, headingRef }: { test: TestDefinition; headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <aside className="company-intro" aria-labelledby="welcome-heading">
      <a className="company-link" href={test.companyURL} target="_blank" rel="noopener noreferrer">
        {test.companyName}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <h1 id="welcome-heading" ref={headingRef} tabIndex={-1}>
        Welcome!
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
      </dl>
    </aside>
  );
}
