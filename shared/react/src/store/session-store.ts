import { type KeyValueStorage, safeRead, safeWrite } from '@assessment/core';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { browserStorage } from './browser-storage.ts';

/**
 * The candidate's session. Every field lives in its own localStorage key with the name of
 * SPEC section 7, so a reload (or another section remote) finds exactly what was saved.
 */
export interface SessionData {
  testUUID: string | null;
  inviteUUID: string | null;
  email: string;
  fullName: string;
  social: string;
  gender: string;
  workExperience: string;
  declaration: boolean;
  term: boolean;
  /** When the candidate agreed and the quiz timer began (ms since the epoch). */
  startTime: number | null;
  /**
   * The secret made with the session id; every write of this session carries it, so a session id
   * alone (seen on a screen or in a log) changes nothing. Kept only in this browser.
   */
  sessionKey: string | null;
  /** Random session id made at registration; ties every API call of this attempt together. */
  unique: string | null;
  /** Sanitized HTML of the 3 answers. */
  answers: string[];
  VideoRecorded: boolean;
  /** The candidate chose to go on without a video (no working camera). */
  noVideo: boolean;
  currentScore: number | null;
  feedback: string;
  company: string;
}

type Codec<T> = { read(raw: string): T | undefined; write(value: T): string | null };

const text: Codec<string> = { read: (raw) => raw, write: (value) => value };
const optionalText: Codec<string | null> = { read: (raw) => raw, write: (value) => value };
const flag: Codec<boolean> = { read: (raw) => raw === 'true', write: (value) => String(value) };
const optionalNumber: Codec<number | null> = {
  read: (raw) => (Number.isFinite(Number(raw)) && raw.trim() !== '' ? Number(raw) : undefined),
  write: (value) => (value === null ? null : String(value)),
};
const answerList: Codec<string[]> = {
  read(raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) && parsed.every((a) => typeof a === 'string') ? parsed : undefined;
    } catch {
      return undefined;
    }
  },
  write: (value) => JSON.stringify(value),
};

const codecs: { [K in keyof SessionData]: Codec<SessionData[K]> } = {
  testUUID: optionalText,
  inviteUUID: optionalText,
  email: text,
  fullName: text,
  social: text,
  gender: text,
  workExperience: text,
  declaration: flag,
  term: flag,
  startTime: optionalNumber,
  sessionKey: optionalText,
  unique: optionalText,
  answers: answerList,
  VideoRecorded: flag,
  noVideo: flag,
  currentScore: optionalNumber,
  feedback: text,
  company: text,
};

export const SESSION_KEYS = Object.keys(codecs) as (keyof SessionData)[];

export const EMPTY_SESSION: SessionData = {
  testUUID: null,
  inviteUUID: null,
  email: '',
  fullName: '',
  social: '',
  gender: '',
  workExperience: '',
  declaration: false,
  term: false,
  startTime: null,
  sessionKey: null,
  unique: null,
  answers: ['', '', ''],
  VideoRecorded: false,
  noVideo: false,
  currentScore: null,
  feedback: '',
  company: '',
};

export interface SessionState extends SessionData {
  /** Set by the device gate; never persisted, so a candidate who switches device is not stuck. */
  blocked: boolean;
  /** Whether the last update failed to reach storage (full or forbidden); the values are still kept in memory. */
  lastSaveFailed: boolean;
  update(changes: Partial<SessionData>): void;
  setBlocked(blocked: boolean): void;
}

export function readSession(storage: KeyValueStorage | undefined): SessionData {
  const session: Record<string, unknown> = { ...EMPTY_SESSION };
  for (const key of SESSION_KEYS) {
    const raw = safeRead(storage, key);
    if (raw === null) continue;
    const value = codecs[key].read(raw);
    if (value !== undefined) session[key] = value;
  }
  // A session id without its key (a session begun before keys existed, or storage that lost the
  // key) cannot be written to any more: this browser has no session, and agreeing again on the
  // landing page starts a new one that keeps the answers and the quiz clock.
  if (session.sessionKey === null) session.unique = null;
  return session as unknown as SessionData;
}

export function createSessionStore(storage: KeyValueStorage | undefined): StoreApi<SessionState> {
  // Every key given to update() is written, changed or not: agreeing must leave all the keys of
  // SPEC section 7 in storage even where a value (an empty gender) equals the default.
  function persist(changes: Partial<SessionData>): boolean {
    let saved = true;
    for (const key of Object.keys(changes) as (keyof SessionData)[]) {
      const codec = codecs[key] as Codec<unknown> | undefined;
      if (codec && !safeWrite(storage, key, codec.write(changes[key]))) saved = false;
    }
    return saved;
  }

  return createStore<SessionState>()((set) => ({
    ...readSession(storage),
    blocked: false,
    lastSaveFailed: false,
    update: (changes) => set({ ...changes, lastSaveFailed: !persist(changes) }),
    setBlocked: (blocked) => set({ blocked }),
  }));
}

/** The one session store of the page; shared is a federation singleton, so every remote sees this one. */
export const sessionStore = createSessionStore(browserStorage());

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
