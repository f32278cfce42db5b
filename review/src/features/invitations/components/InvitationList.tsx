import { useId } from 'react';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { useInvitations } from '../hooks/useInvitations.ts';
import { BulkInviteForm } from './BulkInviteForm.tsx';
import { CreateInvitationForm } from './CreateInvitationForm.tsx';
import { InvitationCard } from './InvitationCard.tsx';

/** A test's personal invitations: the form that makes one, then every one made, newest first. */
export function InvitationList({ testId, timeLimitInMinute }: { testId: string; timeLimitInMinute: number }) {
  const id = useId();
  const invitations = useInvitations(testId);
  return (
    <section className="invitations" aria-labelledby={`${id}-title`} aria-busy={invitations.loading}>
      <h2 id={`${id}-title`}>Invitations</h2>
      <p>
        A personal link works for one candidate in one browser. You can copy it again at any time, extend it, give extra
        time, or revoke it.
      </p>
      <CreateInvitationForm testId={testId} timeLimitInMinute={timeLimitInMinute} onCreated={invitations.added} />
      <BulkInviteForm testId={testId} onCreated={(made) => made.toReversed().forEach(invitations.added)} />
      {invitations.error && <LoadProblem message={invitations.error} onRetry={invitations.reload} />}
      {!invitations.loading && !invitations.error && invitations.items.length === 0 && (
        <p>No invitation has been made for this test yet.</p>
      )}
      <ul className="invitation-list">
        {invitations.items.map((invitation) => (
          <li key={invitation.invitationId}>
            <InvitationCard
              invitation={invitation}
              timeLimitInMinute={timeLimitInMinute}
              onChanged={invitations.changed}
            />
          </li>
        ))}
      </ul>
      {invitations.showMore && (
        <button type="button" className="button" disabled={invitations.loading} onClick={invitations.showMore}>
          Show more invitations
        </button>
      )}
    </section>
  );
}
