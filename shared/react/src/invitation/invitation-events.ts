/**
 * What the server said about the candidate's invitation while the page was busy with something
 * else: a call answered 410 (the personal link was revoked or has expired, or the candidate's data
 * was erased: `erased`, which the candidate is told), or a registration refused for good. Whichever
 * part of the page noticed it reports it here; the shell decides what the candidate sees. `erased`:
 * this browser is dropping its copy of an erased session (shared/react/src/api/client.ts), and
 * what a remote holds of it in the page goes too.
 */
export type InvitationEvent =
  | { kind: 'closed'; sessionId: string; erased: boolean }
  | { kind: 'registration-refused'; sessionId: string; status: number }
  | { kind: 'erased'; sessionId: string };

const listeners = new Set<(event: InvitationEvent) => void>();

export function reportInvitationEvent(event: InvitationEvent): void {
  for (const listener of listeners) listener(event);
}

export function subscribeInvitationEvents(listener: (event: InvitationEvent) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
