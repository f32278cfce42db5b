import { invitePath, inviteSegment } from '@assessment/core';
import { Link } from 'react-router-dom';
import type { UnfinishedAssessment } from './unfinished-elsewhere.ts';

export const UNFINISHED_NOTICE_ID = 'unfinished-assessment-notice';

/**
 * Shown beside "Agree & start" when this browser holds another assessment the candidate has not
 * finished: starting this one here sets it aside (the session store's `startNewSession`), so they
 * learn before, not after, what that means and how to come back to it.
 */
export function UnfinishedAssessmentNotice({ other }: { other: UnfinishedAssessment }) {
  const { companyName, roleName } = other.test;
  const name = `${companyName} assessment for the ${roleName} role`;
  return (
    <div id={UNFINISHED_NOTICE_ID} className="unfinished-assessment">
      <p>
        <strong>You have not finished your {name} in this browser.</strong>
      </p>
      <p>
        Starting this assessment here sets it aside. To continue it later, open its link again in this browser and
        select Agree &amp; start there: your answers are kept. A quiz timer you started for it keeps running meanwhile.
      </p>
      <p>
        <Link to={invitePath(inviteSegment(other.link.testId, other.link.invitationToken))}>
          Go back to your {name}
        </Link>
      </p>
    </div>
  );
}
