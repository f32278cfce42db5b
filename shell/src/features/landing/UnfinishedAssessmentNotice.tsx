import { invitePath, inviteSegment } from '@assessment/core';
import { Link } from 'react-router-dom';
import type { UnfinishedAssessment } from './unfinished-elsewhere.ts';

export const UNFINISHED_NOTICE_ID = 'unfinished-assessment-notice';

/**
 * Shown beside "Agree & start" when this browser holds another assessment the candidate has not
 * finished: starting this one here replaces it, so they learn that before, not after.
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
        {other.link.invitationToken === null
          ? 'Starting this assessment here replaces it in this browser: if you went back to it afterwards, you would start it again from the beginning.'
          : 'Starting this assessment here replaces it in this browser: you could no longer continue it, and its personal link would say that it is in use.'}{' '}
        What you already sent to {companyName} stays with them.
      </p>
      <p>
        <Link to={invitePath(inviteSegment(other.link.testId, other.link.invitationToken))}>
          Go back to your {name}
        </Link>
      </p>
    </div>
  );
}
