import type { InvitationView } from '@assessment/core';
import { useRef, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { problemOf } from '../../../hooks/useResource.ts';

/** Revoking asks once more: it cannot be undone, and a candidate in the middle of the test is stopped. */
export function RevokeButton({
  invitation,
  onRevoked,
}: {
  invitation: InvitationView;
  onRevoked: (invitation: InvitationView, message: string) => void;
}) {
  const { calls } = useSignedIn();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const revokeButton = useRef<HTMLButtonElement>(null);

  async function revoke() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const revoked = await calls.revokeInvitation(invitation.invitationId);
      onRevoked(revoked, `The link for ${revoked.email} is revoked.`);
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(false);
    }
  }

  if (!asking) {
    return (
      <button
        ref={revokeButton}
        type="button"
        className="button button-danger"
        onClick={() => {
          setAsking(true);
          requestAnimationFrame(() => confirmButton.current?.focus());
        }}
      >
        Revoke link
      </button>
    );
  }
  return (
    <div className="revoke-confirm">
      <p>
        Revoke the link for {invitation.email}? It stops working at once
        {invitation.state === 'started' ? ', also for the candidate now taking the test' : ''}. What they already sent
        is kept.
      </p>
      <button
        ref={confirmButton}
        type="button"
        className="button button-danger"
        aria-disabled={busy}
        onClick={() => void revoke()}
      >
        Yes, revoke
      </button>
      <button
        type="button"
        className="button"
        aria-disabled={busy}
        onClick={() => {
          if (busy) return;
          setAsking(false);
          // Back to where the reviewer was, instead of the focus falling to the top of the page.
          requestAnimationFrame(() => revokeButton.current?.focus());
        }}
      >
        Cancel
      </button>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
