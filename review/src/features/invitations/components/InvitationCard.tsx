import type { InvitationView } from '@assessment/core';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { CopyField } from '../../../components/CopyField.tsx';
import { When } from '../../../components/When.tsx';
import { extraTimeSummary } from '../../../lib/extra-time.ts';
import { INVITATION_STATE_LABELS } from '../../../lib/invitation-state.ts';
import { absoluteLink } from '../../../lib/links.ts';
import { invitationActions } from '../lib/invitation-labels.ts';
import { EraseInviteeButton } from './EraseInviteeButton.tsx';
import { InvitationChanges } from './InvitationChanges.tsx';
import { RevokeButton } from './RevokeButton.tsx';

/** One personal invitation: who it is for, its state and dates, its link, and what can still change. */
export function InvitationCard({
  invitation,
  timeLimitInMinute,
  onChanged,
}: {
  invitation: InvitationView;
  timeLimitInMinute: number;
  onChanged: (invitation: InvitationView) => void;
}) {
  const id = useId();
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const actions = invitationActions(invitation.state);
  const changed = (saved: InvitationView, text: string) => {
    onChanged(saved);
    setMessage(text);
  };
  const closed = (saved: InvitationView, text: string) => {
    changed(saved, text);
    // The buttons that did it are gone with the state; the card's heading (now "Revoked" or
    // "Erased") takes the focus.
    heading.current?.focus();
  };
  return (
    <article className="invitation-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {invitation.name || invitation.email || 'Personal invitation'}{' '}
        <span className={`badge badge-state-${invitation.state}`}>{INVITATION_STATE_LABELS[invitation.state]}</span>
      </h3>
      <dl className="facts">
        <div>
          <dt>Email</dt>
          <dd>{invitation.email || '(erased)'}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <When at={invitation.createdAt} />
          </dd>
        </div>
        <div>
          <dt>Works until</dt>
          <dd>
            <When at={invitation.expiresAt} />
          </dd>
        </div>
        <div>
          <dt>Extra quiz time</dt>
          <dd>{extraTimeSummary(invitation.extraTimePercent, timeLimitInMinute)}</dd>
        </div>
        {invitation.sessionId && (
          <div>
            <dt>Candidate</dt>
            <dd>
              <Link to={`/candidates/${encodeURIComponent(invitation.sessionId)}`}>
                See what {invitation.name || invitation.email} sent
              </Link>
            </dd>
          </div>
        )}
      </dl>
      {actions.copy && (
        <CopyField label={`Personal link for ${invitation.email}`} value={absoluteLink(invitation.link)} />
      )}
      <div className="card-actions">
        {(actions.extend || actions.extraTime) && (
          <InvitationChanges
            invitation={invitation}
            timeLimitInMinute={timeLimitInMinute}
            canExtend={actions.extend}
            canChangeExtraTime={actions.extraTime}
            onChanged={changed}
          />
        )}
        {actions.revoke && <RevokeButton invitation={invitation} onRevoked={closed} />}
        {actions.erase && <EraseInviteeButton invitation={invitation} onErased={closed} />}
      </div>
      <p className="status-line" role="status">
        {message}
      </p>
    </article>
  );
}
