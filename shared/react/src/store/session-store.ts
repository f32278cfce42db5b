import {
  FEEDBACK_DRAFT_KEY,
  type InviteParam,
  isErasedInStorage,
  isTaggedWith,
  type KeyValueStorage,
  QUIZ_PROGRESS_KEY,
  SECTIONS,
  SESSION_STORAGE_KEYS,
  type SectionDefinition,
  safeRead,
  safeWrite,
} from '@assessment/core';
import { useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { browserStorage } from './browser-storage.ts';
import {
  EARLIER_SESSIONS_KEY,
  type EarlierSession,
  earlierSessionOf,
  readEarlierSessions,
  withEarlierSession,
  withoutEarlierSession,
} from './earlier-sessions.ts';
import {
  flagField,
  optionalNumberField,
  optionalTextField,
  type SessionField,
  type SessionFields,
  textField,
} from './session-fields.ts';

/**
 * The candidate's session, as the shell records it on the landing page. Every field lives in its
 * own localStorage key (`SESSION_STORAGE_KEYS` names the keys that differ from the field), so a reload (or
 * another section remote) finds exactly what was saved. What a section keeps of its own is its
 * slice (`defineSlice`): the session store holds it, but only the section knows its fields.
 */
export interface SessionData {
  /** The test (invitation) the candidate agreed to, or null before agreeing. */
  testId: string | null;
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
  sessionId: string | null;
  /** The company of the test the candidate last worked on. */
  company: string;
  /**
   * The token of the personal invitation link the session was started with; null for the open
   * link. With `testId` it names the link, so a personal link and the open link of one test are
   * two different sessions.
   */
  invitationToken: string | null;
  /** The extra quiz time of that personal invitation, in percent, as the server last said; null for none known. */
  extraTimePercent: number | null;
}

const SESSION_FIELDS: SessionFields<SessionData> = {
  testId: optionalTextField(),
  email: textField(),
  fullName: textField(),
  social: textField(),
  gender: textField(),
  workExperience: textField(),
  declaration: flagField(),
  term: flagField(),
  startTime: optionalNumberField(),
  sessionKey: optionalTextField(),
  sessionId: optionalTextField(),
  company: textField(),
  invitationToken: optionalTextField(),
  extraTimePercent: optionalNumberField(),
};

type KeyMap = Partial<Record<string, readonly [string, ...string[]]>>;

function storageKeys(keys: KeyMap, field: string): readonly [string, ...string[]] {
  return keys[field] ?? [field];
}

function emptyValues<T>(fields: SessionFields<T>): T {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, (field as { empty: unknown }).empty]),
  ) as T;
}

export const EMPTY_SESSION: SessionData = emptyValues(SESSION_FIELDS);

function readFields<T>(storage: KeyValueStorage | undefined, fields: SessionFields<T>, keys: KeyMap = {}): T {
  const values = { ...emptyValues(fields) } as Record<string, unknown>;
  for (const key of Object.keys(fields) as (keyof T & string)[]) {
    const raw = safeRead(storage, storageKeys(keys, key)[0]);
    if (raw === null) continue;
    const value = fields[key].read(raw);
    if (value !== undefined) values[key] = value;
  }
  return values as T;
}

/**
 * Every key given is written, changed or not: agreeing must leave all the session's keys in storage
 * even where a value (an empty gender) equals the default. False when storage refused a write.
 */
function writeFields<T>(
  storage: KeyValueStorage | undefined,
  fields: SessionFields<T>,
  changes: Partial<T>,
  keys: KeyMap = {},
): boolean {
  let saved = true;
  for (const key of Object.keys(changes) as (keyof T & string)[]) {
    const field = fields[key];
    if (!field) continue;
    const value = field.write(changes[key] as T[typeof key]);
    for (const storageKey of storageKeys(keys, key)) if (!safeWrite(storage, storageKey, value)) saved = false;
  }
  return saved;
}

export function readSession(storage: KeyValueStorage | undefined): SessionData {
  const session = readFields(storage, SESSION_FIELDS, SESSION_STORAGE_KEYS);
  // A session id without its key (a session begun before keys existed, or storage that lost the
  // key) cannot be written to any more: this browser has no session, and agreeing again on the
  // landing page starts a new one that keeps the answers and the quiz clock.
  if (session.sessionKey === null) session.sessionId = null;
  return session;
}

/** An invitation link: the test, and the personal invitation's token (null for the open link). */
export type InviteLink = InviteParam;

/** Whether this browser's session was started with exactly this link, and can still write. */
export function isSessionOfLink(session: SessionData, link: InviteLink): boolean {
  return (
    session.testId === link.testId &&
    session.invitationToken === link.invitationToken &&
    session.sessionId !== null &&
    session.sessionKey !== null
  );
}

/** One section's own part of the session: its keys, read and written like the session's own. */
export interface SessionSlice<T> {
  /** The section that owns it (its registry id). */
  readonly owner: string;
  getState(): T;
  update(changes: Partial<T>): void;
  /** Back to the values of a fresh session. */
  reset(): void;
  subscribe(listener: (state: T, previous: T) => void): () => void;
  /** For `useSessionSlice`. */
  readonly store: StoreApi<T>;
}

export interface SessionState extends SessionData {
  /** Set by the device gate; never persisted, so a candidate who switches device is not stuck. */
  blocked: boolean;
  /** Whether the last update failed to reach storage (full or forbidden); the values are still kept in memory. */
  lastSaveFailed: boolean;
  /**
   * The link of the session this page held until the server said it was erased (`forgetSession`):
   * its screens, which would otherwise send a candidate without a session to the landing page,
   * send them to Link Expired. Never persisted; null again once another session starts.
   */
  erasedLink: InviteLink | null;
  update(changes: Partial<SessionData>): void;
  /**
   * A new attempt: the session held so far set aside when it is not finished (see
   * `continueEarlierSession`), every section's slice back to its fresh values, then these values.
   */
  startNewSession(changes: Partial<SessionData>): void;
  setBlocked(blocked: boolean): void;
}

export interface SessionStore extends StoreApi<SessionState> {
  /**
   * A section's slice. A section defines it once, when its remote loads; the store remembers (in
   * storage) each slice's keys and fresh values, so `startNewSession` resets a section's keys even
   * on a page where that section's remote never loaded.
   */
  defineSlice<T extends object>(owner: string, fields: SessionFields<T>): SessionSlice<T>;
  /** Whether the candidate has finished this section, by the flags its registry entry names. */
  isSectionFinished(section: SectionDefinition | undefined): boolean;
  /** Records a section as finished (its first flag), for a harness that starts after it. */
  markSectionFinished(section: SectionDefinition): void;
  /** Called after any change to the session or to any slice. */
  subscribeAll(listener: () => void): () => void;
  /** The session of `link` this browser set aside, if any. */
  earlierSessionOf(link: InviteLink): EarlierSession | undefined;
  /**
   * Puts back the session of `link` set aside by `startNewSession`, setting the one held now aside
   * in its place. False when there is none (or storage refused it): nothing changed then.
   */
  continueEarlierSession(link: InviteLink): boolean;
  /**
   * The server erased session `sessionId`: every key of it goes from storage, set aside or held
   * now (then the page holds no session, and writes nothing of it again until a new one starts).
   * Another session's keys stay. False when storage refused a removal.
   */
  forgetSession(sessionId: string): boolean;
}

/** Where the store remembers each slice's keys and their fresh values. */
export const SESSION_SLICES_KEY = 'sessionSlices';

type RecordedSlices = Record<string, Record<string, string | null>>;

/**
 * Before sections defined their own slices, the session kept these keys for them and the shell
 * reset them itself. A browser that ran that version has no record yet; starting a new session
 * there resets these, so an earlier attempt's answers never show up in the next invitation.
 */
const SLICES_BEFORE_RECORDS: RecordedSlices = {
  quiz: { answers: '["","",""]' },
  video: { VideoRecorded: 'false', noVideo: 'false' },
  feedback: { currentScore: null, feedback: '' },
};

/** Keys a section keeps outside its slice, tagged with their session (`storedSessionTag`). */
const SESSION_TAGGED_KEYS = [QUIZ_PROGRESS_KEY, FEEDBACK_DRAFT_KEY];

function isStoredFor(raw: string | null, sessionId: string): boolean {
  try {
    return raw !== null && isTaggedWith(JSON.parse(raw), sessionId);
  } catch {
    return false;
  }
}

export function createSessionStore(storage: KeyValueStorage | undefined): SessionStore {
  const slices = new Map<string, { fields: SessionFields<object>; slice: SessionSlice<object> }>();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  /**
   * The session held by this page when the server said it was erased. Its screens may still save
   * as they close (remote-quiz's answer autosave flushes on unmount): kept in memory only, so
   * nothing of it is written back until another session starts.
   */
  let erasedHere: string | null = null;
  /**
   * Whether another tab recorded the session as erased (shared/core/src/store/erased-sessions.ts):
   * this page may not have heard yet, and writing would put the session back into storage.
   */
  const erasedElsewhere = (sessionId: string | null) => sessionId !== null && isErasedInStorage(storage, sessionId);
  const persist = <T>(sessionId: string | null, fields: SessionFields<T>, changes: Partial<T>, keys?: KeyMap) =>
    erasedHere !== null || erasedElsewhere(sessionId) || writeFields(storage, fields, changes, keys);

  function recordedSlices(): RecordedSlices {
    const raw = safeRead(storage, SESSION_SLICES_KEY);
    if (raw === null) return SLICES_BEFORE_RECORDS;
    try {
      const parsed: unknown = JSON.parse(raw);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as RecordedSlices) : {};
    } catch {
      return {};
    }
  }

  function remember(owner: string, fields: SessionFields<object>): void {
    const recorded = recordedSlices();
    const fresh = Object.fromEntries(
      Object.entries(fields).map(([key, field]) => {
        const { write, empty } = field as SessionField<unknown>;
        return [key, write(empty)];
      }),
    );
    const stored = safeRead(storage, SESSION_SLICES_KEY) !== null;
    if (stored && JSON.stringify(recorded[owner]) === JSON.stringify(fresh)) return;
    safeWrite(storage, SESSION_SLICES_KEY, JSON.stringify({ ...recorded, [owner]: fresh }));
  }

  function readFlag(key: string): boolean {
    for (const { fields, slice } of slices.values()) {
      if (key in fields) return (slice.getState() as Record<string, unknown>)[key] === true;
    }
    return safeRead(storage, key) === 'true';
  }

  function isFinished(section: SectionDefinition | undefined): boolean {
    return (section?.finishedWhen ?? []).some((key) => readFlag(key));
  }

  /** Slices of this page are reset through their stores; the others straight in storage. */
  function resetSlices(): boolean {
    let saved = true;
    for (const [owner, fresh] of Object.entries(recordedSlices())) {
      if (slices.has(owner)) continue;
      for (const [key, value] of Object.entries(fresh)) if (!safeWrite(storage, key, value)) saved = false;
    }
    for (const { slice } of slices.values()) slice.reset();
    return saved;
  }

  /** Every storage key that holds part of the session, its slices included. */
  function sessionKeys(): string[] {
    const fieldKeys = Object.keys(SESSION_FIELDS).flatMap((field) => storageKeys(SESSION_STORAGE_KEYS, field));
    const sliceKeys = Object.values(recordedSlices()).flatMap((fresh) => Object.keys(fresh));
    return [...new Set([...fieldKeys, ...sliceKeys, ...SESSION_TAGGED_KEYS])];
  }

  const earlierSessions = () => readEarlierSessions(safeRead(storage, EARLIER_SESSIONS_KEY));
  const saveEarlierSessions = (list: EarlierSession[]) =>
    safeWrite(storage, EARLIER_SESSIONS_KEY, list.length === 0 ? null : JSON.stringify(list));

  /**
   * Keeps the session held now, with its key, when the candidate could still continue it: another
   * link started here would otherwise wipe it, and its personal link would then take this browser
   * for a stranger. False when storage refused it.
   */
  function setAsideCurrent(): boolean {
    const { testId, invitationToken, sessionId, sessionKey } = core.getState();
    const finished = isFinished(SECTIONS.sections.at(-1));
    if (testId === null || sessionId === null || sessionKey === null || finished || erasedElsewhere(sessionId)) {
      return true;
    }
    const stored = Object.fromEntries(sessionKeys().map((key) => [key, safeRead(storage, key)]));
    const entry = { testId, invitationToken, sessionId, sessionKey, stored };
    return saveEarlierSessions(withEarlierSession(earlierSessions(), entry));
  }

  function continueEarlierSession(link: InviteLink): boolean {
    const earlier = earlierSessionOf(earlierSessions(), link);
    if (!earlier || !setAsideCurrent()) return false;
    erasedHere = null;
    // Keys the earlier session did not know yet (a slice defined since) start fresh.
    let saved = resetSlices();
    // In the order they were read: `sessionKey` before `unique`, as `startAssessment` stores them.
    for (const [key, value] of Object.entries(earlier.stored)) if (!safeWrite(storage, key, value)) saved = false;
    if (saved) saved = saveEarlierSessions(withoutEarlierSession(earlierSessions(), link));
    core.setState({ ...readSession(storage), lastSaveFailed: !saved, erasedLink: null });
    for (const { fields, slice } of slices.values()) slice.store.setState(readFields(storage, fields));
    return true;
  }

  const core = createStore<SessionState>()((set, get) => ({
    ...readSession(storage),
    blocked: false,
    lastSaveFailed: false,
    erasedLink: null,
    update: (changes) => {
      // A new session's id comes with the changes (`startNewSession`): the check is of that one.
      const sessionId = changes.sessionId === undefined ? get().sessionId : changes.sessionId;
      set({ ...changes, lastSaveFailed: !persist(sessionId, SESSION_FIELDS, changes, SESSION_STORAGE_KEYS) });
    },
    startNewSession(changes) {
      erasedHere = null;
      const setAside = setAsideCurrent();
      const slicesSaved = resetSlices();
      set({ erasedLink: null });
      get().update(changes);
      if (!slicesSaved || !setAside) set({ lastSaveFailed: true });
    },
    setBlocked: (blocked) => set({ blocked }),
  }));
  core.subscribe(notify);

  function defineSlice<T extends object>(owner: string, fields: SessionFields<T>): SessionSlice<T> {
    const missing = (SECTIONS.byId(owner)?.finishedWhen ?? []).filter((key) => !(key in fields));
    if (missing.length > 0) {
      throw new Error(`The ${owner} section's slice must hold ${missing.join(', ')}, as the section registry says`);
    }
    const store = createStore<T>()(() => readFields(storage, fields));
    store.subscribe(notify);
    const slice: SessionSlice<T> = {
      owner,
      store,
      getState: store.getState,
      subscribe: store.subscribe,
      update(changes) {
        // The session learns first, so a slice's listener already sees whether storage kept the change.
        core.setState({ lastSaveFailed: !persist(core.getState().sessionId, fields, changes) });
        store.setState(changes);
      },
      reset: () => slice.update(emptyValues(fields)),
    };
    // Defined again (a remote loaded anew after Retry): the new definition takes over.
    slices.set(owner, { fields: fields as SessionFields<object>, slice: slice as SessionSlice<object> });
    remember(owner, fields as SessionFields<object>);
    return slice;
  }

  function forgetSession(sessionId: string): boolean {
    let saved = true;
    const earlier = earlierSessions();
    const otherEarlier = earlier.filter((entry) => entry.sessionId !== sessionId);
    if (otherEarlier.length !== earlier.length) saved = saveEarlierSessions(otherEarlier);
    for (const key of SESSION_TAGGED_KEYS) {
      if (isStoredFor(safeRead(storage, key), sessionId) && !safeWrite(storage, key, null)) saved = false;
    }
    const held = core.getState();
    if (held.sessionId !== sessionId && erasedHere !== sessionId) return saved;
    const erasedLink =
      held.sessionId === sessionId && held.testId !== null
        ? { testId: held.testId, invitationToken: held.invitationToken }
        : held.erasedLink;
    erasedHere = sessionId;
    for (const key of sessionKeys()) if (!safeWrite(storage, key, null)) saved = false;
    core.setState({ ...readSession(storage), lastSaveFailed: false, erasedLink });
    for (const { fields, slice } of slices.values()) slice.store.setState(readFields(storage, fields));
    return saved;
  }

  return Object.assign(core, {
    defineSlice,
    isSectionFinished: isFinished,
    earlierSessionOf: (link: InviteLink) => earlierSessionOf(earlierSessions(), link),
    continueEarlierSession,
    forgetSession,
    markSectionFinished(section: SectionDefinition) {
      const [flag] = section.finishedWhen ?? [];
      if (flag === undefined) return;
      const owner = [...slices.values()].find(({ fields }) => flag in fields);
      if (owner) owner.slice.update({ [flag]: true });
      else if (erasedHere === null && !erasedElsewhere(core.getState().sessionId) && safeWrite(storage, flag, 'true'))
        notify();
    },
    subscribeAll(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  });
}

/** The one session store of the page; @assessment/react is a federation singleton, so every remote sees this one. */
export const sessionStore = createSessionStore(browserStorage());

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

/** A section's slice of the page's session store; see `SessionStore.defineSlice`. */
export function defineSessionSlice<T extends object>(owner: string, fields: SessionFields<T>): SessionSlice<T> {
  return sessionStore.defineSlice(owner, fields);
}

export function useSessionSlice<T, U>(slice: SessionSlice<T>, selector: (state: T) => U): U {
  return useStore(slice.store, selector);
}

/**
 * Whether the candidate has finished the section before this one (by the registry's order, and by
 * the flags that section's entry names), kept current as the session changes. A section that opens
 * only after the one before it asks this, without knowing anything of that section.
 */
export function usePreviousSectionFinished(sectionId: string): boolean {
  const section = SECTIONS.byId(sectionId);
  const previous = section && SECTIONS.previous(section);
  return useSyncExternalStore(
    sessionStore.subscribeAll,
    () => sessionStore.isSectionFinished(previous),
    () => false,
  );
}
