import type { ClosedInvitationState } from '../../invite/invitation.ts';
import type { KeyValueStorage } from '../../store/safe-storage.ts';
import { utf8Length } from '../schemas.ts';
import { BACKOFF_CAP_MS, createBackoff } from './backoff.ts';
import { createDeliveryLoop, isFirstOfSequence } from './delivery-loop.ts';
import { GONE_STATUS, postItem } from './post-item.ts';
import { countOfSession } from './session-calls.ts';
import { createRefusedLog, createStoredQueue } from './stored-queue.ts';

/**
 * A persistent queue of API calls. Every call is kept in storage until the server acknowledges it
 * (2xx), so a reload, a crashed tab or an hour offline loses nothing; the candidate never waits on it.
 * The browser globals are passed in, so the same code runs against a real server in Node tests.
 */

export { OUTBOX_REFUSED_STORAGE_KEY, OUTBOX_STORAGE_KEY } from './stored-queue.ts';

/** fetch keepalive requests of a page share 64 KiB; keep clear of it. */
const KEEPALIVE_BUDGET_BYTES = 60_000;
/**
 * How long a call answered 410 for an expired invitation waits before it is tried again by itself.
 * The invitation is closed and rarely opens again soon; `flush` tries it at once when the caller
 * knows it has.
 */
export const GONE_RETRY_MS = 5 * 60_000;

export interface OutboxItem {
  id: string;
  /** Relative to the API base URL, e.g. `/answers`; joined at send time. */
  path: string;
  body: unknown;
  /** Sent with the call (the session key); kept with it, so a call queued by one session keeps its own. */
  headers?: Record<string, string>;
  /**
   * Items of one sequence (one candidate session) go one at a time, in order: a session's writes
   * are refused until its registration has arrived, so none may overtake it.
   */
  sequence?: string;
  /** Items with the same key replace each other while waiting (answer autosaves). */
  coalesceKey?: string;
  createdAt: number;
}

export interface EnqueueOptions {
  path: string;
  body: unknown;
  headers?: Record<string, string>;
  sequence?: string;
  coalesceKey?: string;
  /** Combines a replaced item's body into the new one, for what must survive coalescing. */
  merge?: (older: unknown, newer: unknown) => unknown;
}

export interface OutboxDeps {
  storage: KeyValueStorage | undefined;
  fetch: typeof fetch;
  baseUrl: () => string;
  now?: () => number;
  random?: () => number;
  log?: Pick<Console, 'error' | 'warn'>;
  /** The server refused this call for good (a 4xx other than 408, 410 and 429); it has been dropped. */
  onRefused?: (item: OutboxItem, status: number, reason: string) => void;
  /**
   * The server answered 410. For an expired invitation the call is kept and tried again later, or
   * at the next `flush`; for a revoked invitation or an erased session, which never open again, it
   * is dropped and counted as refused. `state`: what the server said of the link, null when it
   * said nothing the product knows.
   */
  onGone?: (item: OutboxItem, reason: string, state: ClosedInvitationState | null) => void;
}

export interface Outbox {
  enqueue(options: EnqueueOptions): void;
  /** Tries every waiting item now, ignoring backoff (also those answered 410); resolves when each has had its try. */
  flush(): Promise<void>;
  /** Last chance before the page goes away: small items go out with fetch keepalive. */
  flushOnPageHide(): void;
  /** Items waiting, every one this browser holds, or those of one session (their `sequence`). */
  pendingCount(sessionId?: string): number;
  /**
   * Calls the server refused for good (4xx, and 410 for what never opens again), in this browser,
   * ever, or those of one session: they will never arrive.
   */
  refusedCount(sessionId?: string): number;
  subscribe(listener: (pending: number) => void): () => void;
  /**
   * Drops every call of session `sessionId`, waiting or refused: the server erased the session,
   * so this browser keeps no copy of what it would have sent. False when storage refused it.
   */
  forgetSession(sessionId: string): boolean;
  /** Stops the retry timer (tests, or a page tearing the client down). */
  stop(): void;
}

type Outcome = 'acknowledged' | 'dropped' | 'retry' | 'gone' | 'unreachable';

/**
 * The queue after enqueueing: a new item last; a waiting item of the same coalescing key is
 * replaced (its body merged in when asked), but one being sent stays, as its answer removes it.
 */
function withEnqueued(
  items: OutboxItem[],
  { path, body, headers, sequence, coalesceKey, merge }: EnqueueOptions,
  made: { id: string; createdAt: number },
  isInFlight: (id: string) => boolean,
): OutboxItem[] {
  let kept = items;
  let combined = body;
  if (coalesceKey !== undefined) {
    const same = items.filter((item) => item.coalesceKey === coalesceKey);
    for (const older of same) combined = merge ? merge(older.body, combined) : combined;
    kept = items.filter((item) => item.coalesceKey !== coalesceKey || isInFlight(item.id));
  }
  const item: OutboxItem = { id: made.id, path, body: combined, createdAt: made.createdAt };
  if (headers) item.headers = headers;
  if (sequence !== undefined) item.sequence = sequence;
  if (coalesceKey !== undefined) item.coalesceKey = coalesceKey;
  return [...kept, item];
}

/** A failed item that a newer one of its key (queued after it) replaced while it was on its way. */
function isSuperseded(items: OutboxItem[], item: OutboxItem): boolean {
  if (item.coalesceKey === undefined) return false;
  const later = items.slice(items.findIndex((other) => other.id === item.id) + 1);
  return later.some((other) => other.coalesceKey === item.coalesceKey);
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const log = deps.log ?? console;
  const listeners = new Set<(pending: number) => void>();
  const queue = createStoredQueue(deps.storage, log, (pending) => {
    for (const listener of listeners) listener(pending);
  });
  const refused = createRefusedLog(deps.storage, now);
  const backoff = createBackoff(now, random);
  /** Requests on their way per item: a page-hide keepalive copy may join a normal one. */
  const inFlight = new Map<string, number>();
  const keepaliveBytes = new Map<string, number>();
  let idCounter = 0;

  function remove(id: string): void {
    queue.remove(id);
    backoff.forget(id);
  }

  /** One try of one item: the server's answer decides whether the item goes, stays or waits. */
  async function attempt(item: OutboxItem, keepalive: boolean): Promise<Outcome> {
    const result = await postItem(item, {
      fetch: deps.fetch,
      baseUrl: deps.baseUrl(),
      keepalive,
      retryAfterCapMs: BACKOFF_CAP_MS,
    });
    switch (result.kind) {
      case 'acknowledged':
        remove(item.id);
        return 'acknowledged';
      case 'refused':
        log.error(`Outbox: the server refused POST ${item.path} (${result.status}): ${result.reason}`);
        refused.record(item, result.status);
        remove(item.id);
        deps.onRefused?.(item, result.status, result.reason);
        return 'dropped';
      case 'gone':
        if (result.final) {
          // Kept, it would be tried every few minutes forever, and would keep in this browser what
          // the server erased.
          log.warn(`Outbox: POST ${item.path} answered 410 (${result.reason}); it can never be taken and is dropped`);
          refused.record(item, GONE_STATUS);
          remove(item.id);
          deps.onGone?.(item, result.reason, result.state);
          return 'dropped';
        }
        log.warn(`Outbox: POST ${item.path} answered 410 (${result.reason}); it is kept and tried again later`);
        backoff.retryLater(item.id, GONE_RETRY_MS);
        deps.onGone?.(item, result.reason, result.state);
        return 'gone';
      case 'retry':
        backoff.retryLater(item.id, result.retryAfterMs);
        log.warn(`Outbox: POST ${item.path} answered ${result.status}; it will be retried`);
        return 'retry';
      case 'unreachable':
        log.warn(`Outbox: POST ${item.path} did not reach the server; it will be retried`, result.error);
        return 'unreachable';
    }
  }

  async function send(item: OutboxItem, keepalive: boolean): Promise<Outcome> {
    inFlight.set(item.id, (inFlight.get(item.id) ?? 0) + 1);
    try {
      const outcome = await attempt(item, keepalive);
      const failed = outcome === 'unreachable' || outcome === 'retry' || outcome === 'gone';
      if (failed && isSuperseded(queue.load(), item)) remove(item.id);
      if (outcome === 'unreachable') backoff.serverUnreachable();
      else backoff.serverAnswered();
      return outcome;
    } finally {
      const sending = (inFlight.get(item.id) ?? 1) - 1;
      if (sending > 0) inFlight.set(item.id, sending);
      else inFlight.delete(item.id);
    }
  }

  const loop = createDeliveryLoop({
    queue,
    backoff,
    isInFlight: (id) => inFlight.has(id),
    send: async (item) => ((await send(item, false)) === 'unreachable' ? 'unreachable' : 'other'),
    now,
  });

  return {
    enqueue(options) {
      idCounter += 1;
      const made = {
        id: `${now().toString(36)}-${idCounter}-${Math.floor(random() * 1e9).toString(36)}`,
        createdAt: now(),
      };
      queue.commit(withEnqueued(queue.load(), options, made, (id) => inFlight.has(id)));
      void loop.run(false);
    },

    flush: () => loop.run(true),

    flushOnPageHide() {
      let budget = KEEPALIVE_BUDGET_BYTES - [...keepaliveBytes.values()].reduce((sum, bytes) => sum + bytes, 0);
      const items = queue.load();
      for (const item of items) {
        if (keepaliveBytes.has(item.id) || !isFirstOfSequence(item, items)) continue;
        const bytes = utf8Length(JSON.stringify(item.body));
        if (bytes > budget) continue;
        budget -= bytes;
        keepaliveBytes.set(item.id, bytes);
        // Also for an item already on its way: a normal request dies with the page, this one does not.
        void send(item, true).finally(() => {
          keepaliveBytes.delete(item.id);
          loop.schedule();
        });
      }
      void loop.run(true);
    },

    pendingCount: (sessionId) =>
      sessionId === undefined ? queue.load().length : countOfSession(queue.load(), sessionId),

    refusedCount: (sessionId) => refused.count(sessionId),

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    forgetSession(sessionId) {
      const items = queue.load();
      const kept = items.filter((item) => item.sequence !== sessionId);
      for (const item of items) if (item.sequence === sessionId) backoff.forget(item.id);
      const queueSaved = kept.length === items.length || queue.commit(kept);
      return refused.forget(sessionId) && queueSaved;
    },

    stop: () => loop.stop(),
  };
}
