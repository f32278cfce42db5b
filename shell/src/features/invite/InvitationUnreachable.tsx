import { InvitationNotice } from './InvitationNotice.tsx';

/**
 * A personal link the server could not be asked about, in a browser that has not started with it:
 * whether it may be used, and with how much time, is the server's to say.
 */
export function InvitationUnreachable({ onRetry }: { onRetry: () => void }) {
  return (
    <InvitationNotice title="We could not check your invitation link">
      <p>
        The assessment server did not answer. Please check your internet connection and try again. Nothing has been
        started or recorded yet.
      </p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Try again
      </button>
    </InvitationNotice>
  );
}
