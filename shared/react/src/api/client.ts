import {
  type AnswersPayload,
  type ClosedInvitationState,
  closedStateOfAnswer,
  createOutbox,
  type DeviceCheckPayload,
  type DeviceCheckResponse,
  type EnqueueOptions,
  ERASED_SESSIONS_KEY,
  type FeedbackPayload,
  GONE_STATUS,
  type InvitationGone,
  type InvitationStatus,
  type InvitationStatusRequest,
  invitationStatusSchema,
  isErasedInStorage,
  type MyRecord,
  myRecordSchema,
  type Outbox,
  type PrivacyFacts,
  privacyFactsSchema,
  QUIZ_COMPLETE_PATH,
  type QuizCompletePayload,
  type QuizStartPayload,
  REGISTRATION_PATH,
  type RegistrationPayload,
  recordErasedSession,
  SESSION_ID_HEADER,
  SESSION_KEY_HEADER,
  type SectionRecordRequest,
  type SectionTroublePayload,
  sessionRefOfWire,
  storedErasedSessions,
  type VideoSkipPayload,
  type WireSessionRef,
  wireInviteLink,
} from '@assessment/core';
import { reportInvitationEvent } from '../invitation/invitation-events.ts';
import { browserStorage } from '../store/browser-storage.ts';
import { releasePreviewHeaders } from '../store/release-preview.ts';
import { type InviteLink, sessionStore } from '../store/session-store.ts';
import { forgetStoredTakes } from '../store/stored-takes.ts';
import { keepFinal } from './keep-final.ts';

/**
 * The one API client of the shell and every remote. Calls return at once: they go through the
 * outbox, which keeps retrying until the server has them. Only the device check waits for an answer.
 */

const DEFAULT_BASE_URL = '/api';
/** Where tus-js-client creates video uploads, with the default base URL. */
export const videoUploadPath = `${DEFAULT_BASE_URL}/videos/`;

let baseUrl = DEFAULT_BASE_URL;
let outbox: Outbox | undefined;
let started = false;
let lastAnswersRevision = 0;
/** Sessions the server said were erased, since this page loaded: none of their calls is queued again. */
const erasedSessions = new Set<string>();

export function configureApi(options: { baseUrl?: string }): void {
  baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/** The tus endpoint for tus-js-client, following `configureApi`. */
export function videoUploadEndpoint(): string {
  return `${baseUrl}/videos/`;
}

/**
 * The server said session `sessionId` was erased: this browser drops its own copy of it too (its
 * storage keys, set aside or held now, its calls waiting or refused, its video takes), so Link
 * Expired can say nothing of it is kept. Recorded first for every tab of the site (another tab of
 * the session then forgets it too, and writes nothing of it back), and pending until all is
 * dropped. Resolves false when some copy could not be dropped.
 */
function forgetErasedSession(sessionId: string): Promise<boolean> {
  erasedSessions.add(sessionId);
  recordErasedSession(browserStorage(), sessionId, false);
  // For what a remote holds of it in the page (remote-video's takes the browser would not keep).
  reportInvitationEvent({ kind: 'erased', sessionId });
  const calls = theOutbox().forgetSession(sessionId);
  const keys = sessionStore.forgetSession(sessionId);
  return forgetStoredTakes(sessionId).then((takes) => calls && keys && takes && recordDropped(sessionId));
}

/**
 * Whether the record of the session says its copy here is dropped. Where the site has no storage
 * at all, nothing of it was kept there, pending id included.
 */
function recordDropped(sessionId: string): boolean {
  const storage = browserStorage();
  return storage === undefined || recordErasedSession(storage, sessionId, true);
}

/**
 * Forgets again every session erased since this page loaded, and every one an earlier page of
 * this browser could not finish dropping (a reload of Link Expired among them), once their
 * screens have closed (a closing screen may still save: remote-quiz's answers, remote-video's
 * take being recorded), and says whether this browser now holds nothing of them. Link Expired asks it.
 */
export async function forgetErasedSessions(): Promise<boolean> {
  const sessions = new Set([...erasedSessions, ...storedErasedSessions(browserStorage()).pending]);
  const results = await Promise.all([...sessions].map(forgetErasedSession));
  return results.every(Boolean);
}

/**
 * Another tab heard the server say the session this page holds was erased (or this page comes
 * back from the back-forward cache after it did): this page forgets it as that tab did, and its
 * screens send the candidate to Link Expired (`erasedLink`).
 */
function forgetSessionErasedElsewhere(): void {
  const { sessionId } = sessionStore.getState();
  if (sessionId !== null && !erasedSessions.has(sessionId) && isErasedInStorage(browserStorage(), sessionId)) {
    void forgetErasedSession(sessionId);
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === ERASED_SESSIONS_KEY) forgetSessionErasedElsewhere();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) forgetSessionErasedElsewhere();
  });
}

/**
 * A call of the session answered 410: the shell tells the candidate, and whether their data was
 * erased; then, when it was, this browser's copy goes (after the shell has matched the session
 * held now against the event).
 */
function reportClosed(sessionId: string, state: ClosedInvitationState | null): void {
  reportInvitationEvent({ kind: 'closed', sessionId, erased: state === 'erased' });
  if (state === 'erased') void forgetErasedSession(sessionId);
}

function theOutbox(): Outbox {
  outbox ??= createOutbox({
    storage: browserStorage(),
    // Bound, or some browsers throw "Illegal invocation" when it is called off `window`.
    fetch: (input, init) => fetch(input, init),
    baseUrl: () => baseUrl,
    // Items of a session carry its id as their sequence (`sessionCall`).
    onGone: (item, _reason, state) => {
      if (item.sequence) reportClosed(item.sequence, state);
    },
    onRefused: (item, status) => {
      if (item.path === REGISTRATION_PATH && item.sequence) {
        reportInvitationEvent({ kind: 'registration-refused', sessionId: item.sequence, status });
      }
    },
  });
  return outbox;
}

/**
 * The session key header for a session of this browser: every write carries it. A session this
 * page does not hold (another tab's, or none) gets no header, and the server refuses the write.
 */
export function sessionKeyHeaders(sessionId: string): Record<string, string> {
  const { sessionId: current, sessionKey } = sessionStore.getState();
  return current === sessionId && sessionKey ? { [SESSION_KEY_HEADER]: sessionKey } : {};
}

/** A session's call: its key, and its place in the session's order (after its registration). */
function sessionCall<B extends WireSessionRef>(path: string, body: B) {
  const { sessionId } = sessionRefOfWire(body);
  return { path, body, headers: sessionKeyHeaders(sessionId), sequence: sessionId };
}

/**
 * Queues a session's call, unless the session was erased (as this page heard, or another tab):
 * the call would keep a copy of it here.
 */
function enqueue(options: EnqueueOptions & { sequence: string }): void {
  if (erasedSessions.has(options.sequence) || isErasedInStorage(browserStorage(), options.sequence)) return;
  theOutbox().enqueue(options);
}

export function postRegistration(payload: RegistrationPayload): void {
  const call = sessionCall(REGISTRATION_PATH, payload);
  // A tab opened through a preview link opens a preview session (`store/release-preview.ts`).
  enqueue({ ...call, headers: { ...call.headers, ...releasePreviewHeaders() } });
}

export function postQuizStart(payload: QuizStartPayload): void {
  enqueue(sessionCall('/quiz-start', payload));
}

export function postQuizComplete(payload: QuizCompletePayload): void {
  enqueue(sessionCall(QUIZ_COMPLETE_PATH, payload));
}

/** `revision` and `savedAt` may be left out; the client then fills them in. */
export type AnswersDraft = Omit<AnswersPayload, 'revision' | 'savedAt'> & { revision?: number; savedAt?: number };

/**
 * Autosave and final submit. Only the newest waiting save of a session is kept, and a submit stays
 * a submit even when an autosave replaces it. The revision sent is at least the clock, so it keeps
 * growing across reloads even where the caller's own counter starts again at zero.
 */
export function saveAnswers(payload: AnswersDraft): void {
  const savedAt = payload.savedAt ?? Date.now();
  const revision = Math.max(payload.revision ?? 0, savedAt, lastAnswersRevision + 1);
  lastAnswersRevision = Math.max(lastAnswersRevision, revision);
  enqueue({
    ...sessionCall('/answers', { ...payload, revision, savedAt }),
    coalesceKey: `answers:${sessionRefOfWire(payload).sessionId}`,
    merge: keepFinal,
  });
}

/**
 * The record of a section that keeps one of its own (`SectionDefinition.record`), kept in the
 * outbox until the server has it. The server keeps the newest record only, so only the newest
 * waiting record of a section is sent.
 */
export function postSectionRecord(sectionId: string, payload: SectionRecordRequest): void {
  enqueue({
    ...sessionCall(`/sections/${encodeURIComponent(sectionId)}/record`, payload),
    coalesceKey: `section-record:${sectionId}:${sessionRefOfWire(payload).sessionId}`,
  });
}

/**
 * A section that failed in front of the candidate, or its end, kept in the outbox until the server
 * has it. The end carries the start too, so only the newest waiting report of a failure is sent.
 */
export function postSectionTrouble(payload: SectionTroublePayload): void {
  enqueue({ ...sessionCall('/section-trouble', payload), coalesceKey: `section-trouble:${payload.troubleId}` });
}

export function postVideoSkipped(payload: VideoSkipPayload): void {
  enqueue(sessionCall('/video-skip', payload));
}

export function postFeedback(payload: FeedbackPayload): void {
  enqueue(sessionCall('/feedback', payload));
}

/**
 * Reports a device check and returns the server's reading of the same facts, or null when the
 * server cannot be reached. The caller decides from its own facts either way (`deviceCheckPasses`):
 * the network must never block the candidate.
 */
export async function postDeviceCheck(payload: DeviceCheckPayload): Promise<DeviceCheckResponse | null> {
  const { sessionId } = sessionRefOfWire(payload);
  try {
    const response = await fetch(`${baseUrl}/device-check`, {
      method: 'POST',
      headers: { ...sessionKeyHeaders(sessionId), 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.status === GONE_STATUS) reportClosed(sessionId, closedStateOfAnswer(body));
    if (response.ok && typeof (body as Partial<DeviceCheckResponse>).result === 'boolean') {
      return { result: (body as DeviceCheckResponse).result };
    }
    console.error(`Device check: the server answered ${response.status}`, body);
  } catch (error) {
    console.error('Device check: the server could not be reached', error);
  }
  return null;
}

export function flushOutbox(): Promise<void> {
  return theOutbox().flush();
}

/** The calls of session `sessionId` still waiting for the server. */
export function pendingOutboxCount(sessionId: string): number {
  return theOutbox().pendingCount(sessionId);
}

/** The calls of session `sessionId` the server refused for good. */
export function refusedOutboxCount(sessionId: string): number {
  return theOutbox().refusedCount(sessionId);
}

export function subscribeOutbox(listener: (pending: number) => void): () => void {
  return theOutbox().subscribe(listener);
}

/**
 * Sends what a previous page left and arms the last-chance flushes. An `online` event flushes at
 * once, ignoring backoff (end-to-end tests can dispatch one instead of waiting for a retry).
 */
export function startOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const box = theOutbox();
  window.addEventListener('online', () => void box.flush());
  window.addEventListener('pagehide', () => box.flushOnPageHide());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') box.flushOnPageHide();
  });
  void box.flush();
}

/** What `POST /api/invitation-status` came to, for the page to act on. */
export type InvitationCheck =
  | { kind: 'answered'; status: InvitationStatus }
  /** 410: the personal link was revoked or has expired. */
  | { kind: 'closed'; state: InvitationGone['state'] }
  /** 404: no such personal link of this test. */
  | { kind: 'unknown' }
  /** The server answered, but not with an answer the page can rely on: busy (429, 503) or failing. */
  | { kind: 'failed' }
  /** No answer at all: offline, or the server out of reach. */
  | { kind: 'unreachable' };

/** The session this browser holds of this very link: held now, or set aside here. */
function sessionIdOfLink(link: InviteLink): string | null {
  const { testId, invitationToken, sessionId } = sessionStore.getState();
  if (testId === link.testId && invitationToken === link.invitationToken && sessionId !== null) return sessionId;
  return sessionStore.earlierSessionOf(link)?.sessionId ?? null;
}

/**
 * The key that proves a started link is this browser's: that of the session held now when it is
 * of this very link, else that of the session of this link set aside here (the server keeps each
 * key's hash, so it learns nothing new), else that of the session held now of the same test.
 */
function invitationCheckKeyHeaders(link: InviteLink): Record<string, string> {
  const { testId, invitationToken, sessionId } = sessionStore.getState();
  const sameTest = testId === link.testId && sessionId !== null;
  if (sameTest && invitationToken === link.invitationToken) return sessionKeyHeaders(sessionId);
  const earlier = sessionStore.earlierSessionOf(link);
  if (earlier) return { [SESSION_KEY_HEADER]: earlier.sessionKey };
  return sameTest ? sessionKeyHeaders(sessionId) : {};
}

/**
 * Asks the server about an invitation link before the landing page, and when a section loads.
 * The token goes in the body, never in an address. A session key goes along
 * (`invitationCheckKeyHeaders`), so the server can tell whether a started link is this browser's.
 */
export async function checkInvitation(link: InviteLink): Promise<InvitationCheck> {
  const headers = invitationCheckKeyHeaders(link);
  const body: InvitationStatusRequest = wireInviteLink(link);
  try {
    const response = await fetch(`${baseUrl}/invitation-status`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (response.status === 404) return { kind: 'unknown' };
    if (response.status === GONE_STATUS) {
      const state = closedStateOfAnswer(answer) ?? 'revoked';
      // The link's invitation was erased, and with it the one session of the link
      // (api/src/privacy/erasure.ts, `eraseInvitee`): this browser's session of it, if any.
      const erased = state === 'erased' ? sessionIdOfLink(link) : null;
      if (erased !== null) void forgetErasedSession(erased);
      return { kind: 'closed', state };
    }
    const status = invitationStatusSchema.safeParse(answer);
    if (response.ok && status.success) return { kind: 'answered', status: status.data };
    console.error(`Invitation check: the server answered ${response.status}`, answer);
    return { kind: 'failed' };
  } catch (error) {
    console.error('Invitation check: the server could not be reached', error);
  }
  return { kind: 'unreachable' };
}

/**
 * The candidate's own copy (`GET /api/my-data`, or `/api/my-data/video`): a file the browser can
 * save, or null with the reason logged. A read, like `fetchMyRecord`.
 */
export async function fetchMyCopy(sessionId: string, what: 'data' | 'video'): Promise<Blob | null> {
  const keyHeaders = sessionKeyHeaders(sessionId);
  if (Object.keys(keyHeaders).length === 0) return null;
  try {
    const response = await fetch(`${baseUrl}/my-data${what === 'video' ? '/video' : ''}`, {
      headers: { ...keyHeaders, [SESSION_ID_HEADER]: sessionId },
    });
    if (response.ok) return await response.blob();
    console.error(`My copy (${what}): the server answered ${response.status}`);
  } catch (error) {
    console.error(`My copy (${what}): the server could not be reached`, error);
  }
  return null;
}

/**
 * The company's facts the landing page's privacy notice is made from (`privacyNotice`), or null
 * with the reason logged: a read, like `fetchMyRecord`.
 */
export async function fetchPrivacyFacts(testId: string): Promise<PrivacyFacts | null> {
  try {
    const response = await fetch(`${baseUrl}/privacy-notice/${encodeURIComponent(testId)}`, {
      signal: AbortSignal.timeout(15_000),
    });
    const facts = privacyFactsSchema.safeParse(await response.json().catch(() => null));
    if (response.ok && facts.success) return facts.data;
    console.error(`Privacy notice: the server answered ${response.status}`);
  } catch (error) {
    console.error('Privacy notice: the server could not be reached', error);
  }
  return null;
}

/** What `GET /api/my-record` came to. */
export type MyRecordResult = { kind: 'loaded'; record: MyRecord } | { kind: 'failed' };

/**
 * What the server holds of this browser's session, as the hiring company will see it. A read: it
 * does not go through the outbox, and a failure is the caller's to explain.
 */
export async function fetchMyRecord(sessionId: string): Promise<MyRecordResult> {
  const keyHeaders = sessionKeyHeaders(sessionId);
  if (Object.keys(keyHeaders).length === 0) return { kind: 'failed' };
  try {
    const response = await fetch(`${baseUrl}/my-record`, {
      headers: { ...keyHeaders, [SESSION_ID_HEADER]: sessionId },
      signal: AbortSignal.timeout(15_000),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (response.status === GONE_STATUS) reportClosed(sessionId, closedStateOfAnswer(answer));
    const record = myRecordSchema.safeParse(answer);
    if (response.ok && record.success) return { kind: 'loaded', record: record.data };
    console.error(`My record: the server answered ${response.status}`, answer);
  } catch (error) {
    console.error('My record: the server could not be reached', error);
  }
  return { kind: 'failed' };
}
