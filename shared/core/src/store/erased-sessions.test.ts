import { describe, expect, it, vi } from 'vitest';
import {
  ERASED_MARKS_KEPT,
  ERASED_SESSIONS_KEY,
  encodeErasedSessions,
  erasedMark,
  isErasedInStorage,
  isMarkedErased,
  readErasedSessions,
  recordErasedSession,
  storedErasedSessions,
  withDropped,
  withErased,
} from './erased-sessions.ts';
import { memoryStorage } from './safe-storage.ts';

const ERASED = '0bcf4a09-1d8e-4f75-aea5-56d2b967eb88';
const OTHER = '181f713b-6f90-4a5d-8b9e-c170154ac563';
const NONE = readErasedSessions(null);

describe('erased sessions', () => {
  it('marks a session by a digest that does not hold its id, and marks no other session', () => {
    expect(erasedMark(ERASED)).toMatch(/^[0-9a-f]{16}$/);
    expect(erasedMark(ERASED)).toBe(erasedMark(ERASED));
    expect(erasedMark(OTHER)).not.toBe(erasedMark(ERASED));
    // FNV-1a 64 of the empty text is its offset basis.
    expect(erasedMark('')).toBe('cbf29ce484222325');

    const erased = withErased(NONE, ERASED);
    expect(isMarkedErased(erased, ERASED)).toBe(true);
    expect(isMarkedErased(erased, OTHER)).toBe(false);
    expect(erased.marks.join()).not.toContain(ERASED);
  });

  it('keeps the id pending until its copy is dropped, then the mark alone', () => {
    const erased = withErased(withErased(NONE, OTHER), ERASED);
    expect(erased.pending).toEqual([OTHER, ERASED]);
    expect(withErased(erased, ERASED)).toEqual(erased);

    const dropped = withDropped(erased, ERASED);
    expect(dropped.pending).toEqual([OTHER]);
    expect(isMarkedErased(dropped, ERASED)).toBe(true);
    expect(JSON.stringify(withDropped(dropped, OTHER))).not.toMatch(new RegExp(`${ERASED}|${OTHER}`));
    // Dropped before it was recorded (storage refused the first record): marked all the same.
    expect(isMarkedErased(withDropped(NONE, ERASED), ERASED)).toBe(true);
  });

  it('keeps the newest marks only', () => {
    let erased = NONE;
    for (let i = 0; i <= ERASED_MARKS_KEPT; i += 1) erased = withDropped(erased, `session-${i}`);
    expect(erased.marks).toHaveLength(ERASED_MARKS_KEPT);
    expect(isMarkedErased(erased, 'session-0')).toBe(false);
    expect(isMarkedErased(erased, `session-${ERASED_MARKS_KEPT}`)).toBe(true);
  });

  it('reads what another version or a broken write left as nothing recorded', () => {
    for (const raw of [null, '{not json', 'null', '[]', '{"marks":"x","pending":[1]}']) {
      expect(readErasedSessions(raw)).toEqual(NONE);
    }
    expect(readErasedSessions(encodeErasedSessions(withErased(NONE, ERASED)))).toEqual(withErased(NONE, ERASED));
    expect(encodeErasedSessions(NONE)).toBeNull();
  });

  it('records in storage, re-read before each write, and says when storage refused', () => {
    const storage = memoryStorage();
    expect(recordErasedSession(storage, ERASED, false)).toBe(true);
    // Another tab records its own session meanwhile: both stay.
    storage.setItem(ERASED_SESSIONS_KEY, encodeErasedSessions(withErased(storedErasedSessions(storage), OTHER)) ?? '');
    expect(recordErasedSession(storage, ERASED, true)).toBe(true);
    expect(storedErasedSessions(storage).pending).toEqual([OTHER]);
    expect([isErasedInStorage(storage, ERASED), isErasedInStorage(storage, OTHER)]).toEqual([true, true]);
    expect(isErasedInStorage(storage, 'not-erased')).toBe(false);

    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(recordErasedSession(memoryStorage(10), ERASED, false)).toBe(false);
    error.mockRestore();
    expect(recordErasedSession(undefined, ERASED, false)).toBe(false);
    expect(isErasedInStorage(undefined, ERASED)).toBe(false);
  });
});
