/** Where the outbox keeps a call's session: its sequence is the session id (`sessionCall` in shared/react/src/api/client.ts). */
export interface CallOfSession {
  sequence?: string;
}

/**
 * How many of `calls` (waiting items, or refused ones) belong to the session `sessionId`. This
 * browser may hold calls of an earlier session, still retried or refused long ago: they say
 * nothing about whether this session's responses arrived, so a screen about it counts its own only.
 */
export function countOfSession(calls: readonly CallOfSession[], sessionId: string): number {
  return calls.filter((call) => call.sequence === sessionId).length;
}
