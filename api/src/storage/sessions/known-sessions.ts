/** A session as a key opened it: its id, the test it belongs to, and the invitation it was opened with. */
export interface OpenedSession {
  sessionId: string;
  testId: string;
  /** Null for the open link. Fixed when the session opens, like the rest. */
  invitationId: string | null;
}

const KEPT = 10_000;

/**
 * Facts a store has read that can never change, so that every instance may remember them, however
 * many instances write the same database: a key's session is bound when the session opens and never
 * rebound, a session's test never changes, and no session is ever deleted (a store that comes to
 * delete sessions must stop remembering them). Only what was found is remembered: a key or session
 * not found yet may be registered on another instance a moment later. The oldest go first.
 */
export function knownSessions() {
  const byKey = new Map<string, OpenedSession>();
  const testOf = new Map<string, string>();

  function keep<V>(map: Map<string, V>, key: string, value: V): void {
    if (map.size >= KEPT) map.delete(map.keys().next().value as string);
    map.set(key, value);
  }

  return {
    ofKey: (keyHash: string) => byKey.get(keyHash),
    testOf: (sessionId: string) => testOf.get(sessionId),
    /** Remembers what a lookup found, and returns it. */
    rememberKey(keyHash: string, session: OpenedSession | undefined): OpenedSession | undefined {
      if (!session) return undefined;
      keep(byKey, keyHash, session);
      keep(testOf, session.sessionId, session.testId);
      return session;
    },
    rememberSession(sessionId: string, testId: string): void {
      keep(testOf, sessionId, testId);
    },
  };
}

export type KnownSessions = ReturnType<typeof knownSessions>;
