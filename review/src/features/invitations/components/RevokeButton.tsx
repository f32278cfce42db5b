import type { InvitationView } from '@assessment/core';
import { useSignedIn } from '../../../api/session.tsx';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';

/** Revoking asks once more: it cannot be undone, and a candidate in the middle of the test is stopped. */
export function RevokeButton({
  invitation,
  onRevoked,
}: {
  invitation: InvitationView;
  onRevoked: (invitation: InvitationView, message: string) => void;
}) {
  const { calls } = useSignedIn();
  return (
    <ConfirmButton
      label="Revoke link"
      confirmLabel="Yes, revoke"
      question={`Revoke the link for ${invitation.email}? It stops working at once${
        invitation.state === 'started' ? ', also for the candidate now taking the test' : ''
      }. What they already sent is kept.`}
      onConfirm={async () => {
        const revoked = await calls.revokeInvitation(invitation.invitationId);
        onRevoked(revoked, `The link for ${revoked.email} is revoked.`);
      }}
    />
  );
}
