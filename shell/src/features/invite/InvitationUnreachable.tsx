import { InvitationNotice } from './InvitationNotice.tsx';

/**
 * A personal link the server could not be asked about, in a browser that has not started with it:
 * whether it may be used, and with how much time, is the server's to say. A server that answered
 * (busy, or failing) is not the candidate's connection, and the page does not say it is.
 */
export function InvitationUnreachable({ serverAnswered, onRetry }: { serverAnswered: boolean; onRetry: () => void }) {
  return (
    <InvitationNotice title="We could not check your invitation link">
      <p>
        {serverAnswered
          ? 'The assessment server could not check it just now. Please try again in a minute.'
          : 'The assessment server did not answer. Please check your internet connection and try again.'}{' '}
        Nothing has been started or recorded yet.
      </p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Try again
      </button>
    </InvitationNotice>
  );
}
