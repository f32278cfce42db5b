import { type KeyValueStorage, safeRead, safeWrite } from './safe-storage.ts';

/**
 * Sessions the server said were erased, as this browser records them for every tab of the site.
 * `marks`: a digest of each such session's id, which every writer of a session checks before it
 * writes (another tab still holding the session in memory would otherwise write it back); a
 * digest, as the id itself is a trace of the session. `pending`: the ids whose copy in this
 * browser is not known to be dropped yet, kept until it is, so a later page load can retry and
 * Link Expired never says the browser is clear while one of them may not be.
 */
export interface ErasedSessions {
  marks: string[];
  pending: string[];
}

export const ERASED_SESSIONS_KEY = 'erasedSessions';

/** Marks kept: the newest ones, enough for the tabs a candidate has open at one time. */
export const ERASED_MARKS_KEPT = 20;

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/** 64-bit FNV-1a of the id's UTF-16 code units: synchronous, as a write must be checked before it happens. */
export function erasedMark(sessionId: string): string {
  let hash = FNV_OFFSET;
  for (let i = 0; i < sessionId.length; i += 1) {
    hash = ((hash ^ BigInt(sessionId.charCodeAt(i))) * FNV_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}

const EMPTY: ErasedSessions = { marks: [], pending: [] };

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function readErasedSessions(raw: string | null): ErasedSessions {
  if (raw === null) return EMPTY;
  try {
    const parsed = JSON.parse(raw) as Partial<Record<keyof ErasedSessions, unknown>> | null;
    return { marks: strings(parsed?.marks), pending: strings(parsed?.pending) };
  } catch {
    return EMPTY;
  }
}

/** The text to store, or null (the key removed) when nothing is recorded. */
export function encodeErasedSessions(erased: ErasedSessions): string | null {
  return erased.marks.length === 0 && erased.pending.length === 0 ? null : JSON.stringify(erased);
}

/** The session marked erased (newest last), and pending until its copy here is dropped. */
export function withErased(erased: ErasedSessions, sessionId: string): ErasedSessions {
  const mark = erasedMark(sessionId);
  return {
    marks: [...erased.marks.filter((kept) => kept !== mark), mark].slice(-ERASED_MARKS_KEPT),
    pending: erased.pending.includes(sessionId) ? erased.pending : [...erased.pending, sessionId],
  };
}

/** The session's copy here is dropped: no longer pending, and still marked erased. */
export function withDropped(erased: ErasedSessions, sessionId: string): ErasedSessions {
  const marked = withErased(erased, sessionId);
  return { ...marked, pending: marked.pending.filter((id) => id !== sessionId) };
}

export function isMarkedErased(erased: ErasedSessions, sessionId: string): boolean {
  return erased.marks.includes(erasedMark(sessionId));
}

export function storedErasedSessions(storage: KeyValueStorage | undefined): ErasedSessions {
  return readErasedSessions(safeRead(storage, ERASED_SESSIONS_KEY));
}

/** Whether any tab of this browser recorded session `sessionId` as erased. */
export function isErasedInStorage(storage: KeyValueStorage | undefined, sessionId: string): boolean {
  return isMarkedErased(storedErasedSessions(storage), sessionId);
}

/**
 * Records the session as erased, or (`dropped`) its copy here as dropped; read anew just before,
 * as another tab may have recorded another session meanwhile. False when storage refused it.
 */
export function recordErasedSession(
  storage: KeyValueStorage | undefined,
  sessionId: string,
  dropped: boolean,
): boolean {
  const stored = storedErasedSessions(storage);
  const next = dropped ? withDropped(stored, sessionId) : withErased(stored, sessionId);
  return safeWrite(storage, ERASED_SESSIONS_KEY, encodeErasedSessions(next));
}

/**
 * Writes a key of one session's, unless a tab recorded that session as erased: a page still holding
 * it in memory would write it back (a section's own keys, `quizProgress` and the feedback draft,
 * as the session store's). True when storage holds what it should: the value, or for an erased
 * session nothing new of it.
 */
export function writeSessionItem(
  storage: KeyValueStorage | undefined,
  sessionId: string,
  key: string,
  value: string | null,
): boolean {
  return isErasedInStorage(storage, sessionId) || safeWrite(storage, key, value);
}
