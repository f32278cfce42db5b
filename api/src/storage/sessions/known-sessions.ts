/** A session as a key opened it: its id, the test it belongs to, and the invitation it was opened with. */
export interface OpenedSession {
  sessionId: string;
  testId: string;
  /** Null for the open link. Fixed when the session opens, like the rest. */
  invitationId: string | null;
}

/** What a session key opened: its session, `'erased'` once that session was erased, or nothing yet. */
export type KeyStanding = OpenedSession | 'erased' | undefined;

const KEPT = 10_000;
/**
 * How long a fact is trusted: a session never changes while it exists, but it may be erased, on
 * another instance too; after this long, every instance has read that again.
 */
const TRUSTED_MS = 60_000;

/**
 * Facts a store has read that cannot change while the session exists, so that every instance may
 * remember them for a while, however many instances write the same database: a key's session is
 * bound when the session opens and never rebound, and a session's test never changes. An erasure
 * on this instance forgets the session at once; others stop trusting it within `TRUSTED_MS`.
 * Only what was found is remembered: a key or session not found yet may be registered on another
 * instance a moment later. The oldest go first.
 */
export function knownSessions(now: () => number = Date.now) {
  const byKey = new Map<string, { session: OpenedSession; at: number }>();
  const testOf = new Map<string, { testId: string; at: number }>();

  function keep<V>(map: Map<string, V>, key: string, value: V): void {
    if (map.size >= KEPT) map.delete(map.keys().next().value as string);
    map.set(key, value);
  }
  const fresh = <V extends { at: number }>(entry: V | undefined) =>
    entry && now() - entry.at < TRUSTED_MS ? entry : undefined;

  return {
    ofKey: (keyHash: string) => fresh(byKey.get(keyHash))?.session,
    testOf: (sessionId: string) => fresh(testOf.get(sessionId))?.testId,
    /** Remembers what a lookup found, and returns it. */
    rememberKey(keyHash: string, session: OpenedSession | undefined): OpenedSession | undefined {
      if (!session) return undefined;
      keep(byKey, keyHash, { session, at: now() });
      keep(testOf, session.sessionId, { testId: session.testId, at: now() });
      return session;
    },
    rememberSession(sessionId: string, testId: string): void {
      keep(testOf, sessionId, { testId, at: now() });
    },
    /** The session was erased: nothing about it is remembered any more. */
    forget(sessionId: string): void {
      testOf.delete(sessionId);
      for (const [keyHash, entry] of byKey) if (entry.session.sessionId === sessionId) byKey.delete(keyHash);
    },
  };
}

export type KnownSessions = ReturnType<typeof knownSessions>;
