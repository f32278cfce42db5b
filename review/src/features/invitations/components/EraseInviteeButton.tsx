import type { InvitationView } from '@assessment/core';
import { useSignedIn } from '../../../api/session.tsx';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';
import { erasureAlsoTakes } from '../lib/invitation-labels.ts';

/**
 * Erasing whom an invitation was for, on their request (SPEC section 0), also when they never
 * started: an admin asks, then confirms a question that says what goes. Their link then says their
 * data was erased.
 */
export function EraseInviteeButton({
  invitation,
  onErased,
}: {
  invitation: InvitationView;
  onErased: (invitation: InvitationView, message: string) => void;
}) {
  const { me, calls } = useSignedIn();
  if (me.reviewer.role !== 'admin') return null;
  return (
    <ConfirmButton
      label="Erase their data"
      confirmLabel="Yes, erase for good"
      question={`Erase what ${me.company.companyName} holds of ${invitation.email}? Their name and email, the emails sent to them and the record of who looked at this invitation go for good${erasureAlsoTakes(invitation.state)}. Their link then tells them their data was erased.`}
      onConfirm={async () => {
        const erased = await calls.eraseInvitee(invitation.invitationId);
        onErased(erased, 'Their data is erased; their link now tells them so.');
      }}
    />
  );
}
