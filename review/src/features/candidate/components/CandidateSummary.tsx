import type { CandidateDetail } from '@assessment/core';
import { Link } from 'react-router-dom';
import { When } from '../../../components/When.tsx';
import { extraTimeSummary } from '../../../lib/extra-time.ts';
import { INVITATION_STATE_LABELS } from '../../../lib/invitation-state.ts';
import { keptLabel, submissionNotes } from '../../candidates/lib/candidate-labels.ts';

/**
 * Who the candidate is and how the attempt went, in short. Gender is not shown: candidates are told
 * it is never shared with recruiters or used in hiring decisions.
 */
export function CandidateSummary({ candidate }: { candidate: CandidateDetail }) {
  const { registration, answers, invitation, test } = candidate;
  // What the server left out while a blind review hides the candidate is said to be hidden, not missing.
  const unknown = candidate.blind ? 'Hidden in blind review' : '—';
  return (
    <dl className="facts candidate-summary">
      <div>
        <dt>Email</dt>
        <dd>{registration?.email ?? unknown}</dd>
      </div>
      <div>
        <dt>Test</dt>
        <dd>
          <Link to={`/tests/${candidate.testId}`}>{test?.roleName ?? candidate.testId}</Link>
        </dd>
      </div>
      <div>
        <dt>Work experience</dt>
        <dd>{registration?.workExperience ?? unknown}</dd>
      </div>
      <div>
        <dt>Social link</dt>
        <dd>
          {registration?.socialLink ? (
            <a href={registration.socialLink} target="_blank" rel="noopener noreferrer nofollow">
              {registration.social}
            </a>
          ) : (
            (registration?.social ?? unknown)
          )}
        </dd>
      </div>
      <div>
        <dt>Started</dt>
        <dd>
          <When at={candidate.startedAt} />
        </dd>
      </div>
      <div>
        <dt>Quiz submitted</dt>
        <dd>
          {answers?.submittedAt ? (
            <When at={answers.submittedAt} />
          ) : candidate.timeRanOut ? (
            <>
              Time ran out
              {candidate.deadline && (
                <>
                  {' '}
                  at <When at={candidate.deadline.endsAt} />
                </>
              )}
              : {keptLabel(candidate.timeRanOut)}
            </>
          ) : (
            'Not submitted'
          )}
          {answers &&
            submissionNotes(answers).map((note) => (
              <span key={note} className="badge badge-warning">
                {note}
              </span>
            ))}
        </dd>
      </div>
      {candidate.didNotFinish && (
        <div>
          <dt>Finished</dt>
          <dd>Did not finish: the invitation expired before the candidate finished.</dd>
        </div>
      )}
      {candidate.deadline && (
        <div>
          <dt>Quiz time</dt>
          <dd>
            {candidate.deadline.timeLimitMinutes} min
            {candidate.deadline.extraTimePercent > 0 && ` (with +${candidate.deadline.extraTimePercent} % extra time)`},
            {candidate.quizStartedAt ? (
              <>
                {' '}
                started <When at={candidate.quizStartedAt} />,
              </>
            ) : null}{' '}
            until <When at={candidate.deadline.endsAt} />
          </dd>
        </div>
      )}
      <div>
        <dt>Link</dt>
        <dd>
          {candidate.blind
            ? unknown
            : invitation
              ? `Personal invitation for ${invitation.email} (${INVITATION_STATE_LABELS[invitation.state].toLowerCase()})`
              : 'Open link'}
        </dd>
      </div>
      {invitation && test && (
        <div>
          <dt>Extra quiz time</dt>
          <dd>{extraTimeSummary(invitation.extraTimePercent, test.timeLimitInMinute)}</dd>
        </div>
      )}
      {candidate.sectionVersions.length > 0 && (
        <div>
          <dt>Section versions</dt>
          <dd>{candidate.sectionVersions.map((one) => `${one.section} ${one.version}`).join(', ')}</dd>
        </div>
      )}
    </dl>
  );
}
