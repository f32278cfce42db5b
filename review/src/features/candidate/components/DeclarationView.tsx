import type { CandidateDetail } from '@assessment/core';
import { DECLARATION_STATEMENT } from '@assessment/core';
import { formatDateTime } from '../../../lib/time.ts';

/** What the candidate agreed to before starting, and when (their clock and the server's). */
export function DeclarationView({ registration }: { registration: CandidateDetail['registration'] }) {
  if (!registration) return <p>No registration was received.</p>;
  return (
    <div className="declaration-view">
      <blockquote>{DECLARATION_STATEMENT}</blockquote>
      <p>
        {registration.declaration ? 'Agreed' : 'Not agreed'} on {formatDateTime(registration.startTime)} (the
        candidate's clock); the server received it on {formatDateTime(registration.receivedAt)}.
      </p>
    </div>
  );
}
