import { type KeyValueStorage, safeRead, safeWrite } from '../store/safe-storage.ts';
import { utf8Length } from './schemas.ts';

/**
 * A persistent queue of API calls. Every call is kept in storage until the server acknowledges it
 * (2xx), so a reload, a crashed tab or an hour offline loses nothing; the candidate never waits on it.
 * The browser globals are passed in, so the same code runs against a real server in Node tests.
 */

export const OUTBOX_STORAGE_KEY = 'outbox';
/** Calls the server refused for good: kept (without their bodies) so no screen claims they arrived. */
export const OUTBOX_REFUSED_STORAGE_KEY = 'outboxRefused';
const REFUSED_KEPT = 50;
/** fetch keepalive requests of a page share 64 KiB; keep clear of it. */
const KEEPALIVE_BUDGET_BYTES = 60_000;
const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 30_000;
const REQUEST_TIMEOUT_MS = 30_000;

export interface OutboxItem {
  id: string;
  /** Relative to the API base URL, e.g. `/now-assessment`; joined at send time. */
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
}

export interface Outbox {
  enqueue(options: EnqueueOptions): void;
  /** Tries every waiting item now, ignoring backoff; resolves when each has had its try. */
  flush(): Promise<void>;
  /** Last chance before the page goes away: small items go out with fetch keepalive. */
  flushOnPageHide(): void;
  pendingCount(): number;
  /** Calls the server refused for good (4xx), in this browser, ever: they will never arrive. */
  refusedCount(): number;
  subscribe(listener: (pending: number) => void): () => void;
  /** Stops the retry timer (tests, or a page tearing the client down). */
  stop(): void;
}

type Outcome = 'acknowledged' | 'dropped' | 'retry' | 'unreachable';

function isOutboxItem(value: unknown): value is OutboxItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.id === 'string' && typeof item.path === 'string' && typeof item.createdAt === 'number';
}

function isPermanentRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

async function describeRefusal(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
      return (body as { error: string }).error;
    }
  } catch {
    // A body that is not the API's JSON error says nothing more than the status.
  }
  return response.statusText;
}

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, BACKOFF_CAP_MS) : undefined;
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const log = deps.log ?? console;

  /** The queue as last read or written; storage stays the truth while it can be written. */
  let queue: OutboxItem[] = [];
  let storedRaw: string | null = null;
  let storageWritable = deps.storage !== undefined;
  /** Requests on their way per item: a page-hide keepalive copy may join a normal one. */
  const inFlight = new Map<string, number>();
  const keepaliveBytes = new Map<string, number>();
  const retryAt = new Map<string, { attempts: number; at: number }>();
  const listeners = new Set<(pending: number) => void>();
  let unreachableCount = 0;
  let blockedUntil = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let rerun: 'no' | 'due' | 'all' = 'no';
  let stopped = false;
  let idCounter = 0;

  /**
   * Re-read on every use: another copy of this client (a second tab, or a remote that did not get
   * the shared singleton) may have changed the queue, and writing back an old copy would lose its
   * items. Parsing happens only when the stored text changed.
   */
  function load(): OutboxItem[] {
    if (!storageWritable) return queue;
    const raw = safeRead(deps.storage, OUTBOX_STORAGE_KEY);
    if (raw === storedRaw) return queue;
    storedRaw = raw;
    queue = [];
    if (raw) {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (Array.isArray(parsed)) queue = parsed.filter(isOutboxItem);
      } catch (error) {
        log.error('Outbox: the stored queue is unreadable and was set aside', error);
      }
    }
    return queue;
  }

  function commit(items: OutboxItem[]): void {
    const before = queue.length;
    queue = items;
    const raw = JSON.stringify(items);
    // When storage is full the queue lives in memory for this page (safeWrite logs why) until a write fits again.
    storageWritable = safeWrite(deps.storage, OUTBOX_STORAGE_KEY, raw);
    storedRaw = storageWritable ? raw : storedRaw;
    if (before !== items.length) for (const listener of listeners) listener(items.length);
  }

  function remove(id: string): void {
    const items = load();
    if (items.some((item) => item.id === id)) commit(items.filter((item) => item.id !== id));
    retryAt.delete(id);
  }

  function refusedCalls(): { path: string; status: number; at: number }[] {
    try {
      const parsed: unknown = JSON.parse(safeRead(deps.storage, OUTBOX_REFUSED_STORAGE_KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }

  function recordRefusal(item: OutboxItem, status: number): void {
    const kept = [...refusedCalls(), { path: item.path, status, at: now() }].slice(-REFUSED_KEPT);
    safeWrite(deps.storage, OUTBOX_REFUSED_STORAGE_KEY, JSON.stringify(kept));
  }

  function backoff(attempts: number): number {
    const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1));
    return ceiling / 2 + (random() * ceiling) / 2;
  }

  async function attempt(item: OutboxItem, keepalive: boolean): Promise<Outcome> {
    const init: RequestInit = {
      method: 'POST',
      headers: { ...item.headers, 'content-type': 'application/json' },
      body: JSON.stringify(item.body),
      keepalive,
    };
    // A keepalive request must outlive the page; any other must not hang the queue forever.
    if (!keepalive) init.signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    let response: Response;
    try {
      response = await deps.fetch(`${deps.baseUrl()}${item.path}`, init);
    } catch (error) {
      log.warn(`Outbox: POST ${item.path} did not reach the server; it will be retried`, error);
      return 'unreachable';
    }
    if (response.ok) {
      await response.body?.cancel();
      remove(item.id);
      return 'acknowledged';
    }
    if (isPermanentRefusal(response.status)) {
      log.error(
        `Outbox: the server refused POST ${item.path} (${response.status}): ${await describeRefusal(response)}`,
      );
      recordRefusal(item, response.status);
      remove(item.id);
      return 'dropped';
    }
    await response.body?.cancel();
    const attempts = (retryAt.get(item.id)?.attempts ?? 0) + 1;
    retryAt.set(item.id, { attempts, at: now() + (retryAfterMs(response) ?? backoff(attempts)) });
    log.warn(`Outbox: POST ${item.path} answered ${response.status}; it will be retried`);
    return 'retry';
  }

  /** A failed item that a newer one of its key (queued after it) replaced while it was on its way is not tried again. */
  function dropIfSuperseded(item: OutboxItem): void {
    if (item.coalesceKey === undefined) return;
    const items = load();
    const later = items.slice(items.findIndex((other) => other.id === item.id) + 1);
    if (later.some((other) => other.coalesceKey === item.coalesceKey)) remove(item.id);
  }

  async function send(item: OutboxItem, keepalive: boolean): Promise<Outcome> {
    inFlight.set(item.id, (inFlight.get(item.id) ?? 0) + 1);
    try {
      const outcome = await attempt(item, keepalive);
      if (outcome === 'unreachable' || outcome === 'retry') dropIfSuperseded(item);
      if (outcome === 'unreachable') {
        unreachableCount += 1;
        blockedUntil = now() + backoff(unreachableCount);
      } else {
        unreachableCount = 0;
        blockedUntil = 0;
      }
      return outcome;
    } finally {
      const sending = (inFlight.get(item.id) ?? 1) - 1;
      if (sending > 0) inFlight.set(item.id, sending);
      else inFlight.delete(item.id);
    }
  }

  /** Whether an item is the first of its sequence still waiting (in flight counts as waiting). */
  function isFirstOfSequence(item: OutboxItem, items: OutboxItem[]): boolean {
    if (item.sequence === undefined) return true;
    return items.find((other) => other.sequence === item.sequence)?.id === item.id;
  }

  function dueAt(item: OutboxItem): number {
    return Math.max(blockedUntil, retryAt.get(item.id)?.at ?? 0);
  }

  async function sendDue(force: boolean): Promise<void> {
    const tried = new Set<string>();
    for (;;) {
      const items = load();
      const item = items.find(
        (candidate) =>
          !inFlight.has(candidate.id) &&
          !tried.has(candidate.id) &&
          isFirstOfSequence(candidate, items) &&
          (force || dueAt(candidate) <= now()),
      );
      if (!item) return;
      tried.add(item.id);
      // Sent one at a time, oldest first, so the server sees a registration before its answers.
      if ((await send(item, false)) === 'unreachable') return;
    }
  }

  function schedule(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const waiting = load().filter((item) => !inFlight.has(item.id));
    if (waiting.length === 0) return;
    const next = Math.min(...waiting.map(dueAt));
    timer = setTimeout(() => void run(false), Math.max(0, next - now()));
  }

  function run(force: boolean): Promise<void> {
    if (running) {
      // Whatever was asked while a pass ran gets its own pass, forced if any ask was.
      if (force) rerun = 'all';
      else if (rerun === 'no') rerun = 'due';
      return running;
    }
    running = (async () => {
      let forced = force;
      for (;;) {
        await sendDue(forced);
        if (rerun === 'no') return;
        forced = rerun === 'all';
        rerun = 'no';
      }
    })().finally(() => {
      running = undefined;
      schedule();
    });
    return running;
  }

  return {
    enqueue({ path, body, headers, sequence, coalesceKey, merge }) {
      let items = load();
      let combined = body;
      if (coalesceKey !== undefined) {
        const same = items.filter((item) => item.coalesceKey === coalesceKey);
        for (const older of same) combined = merge ? merge(older.body, combined) : combined;
        // One being sent stays: its answer removes it, and the newer item follows it.
        items = items.filter((item) => item.coalesceKey !== coalesceKey || inFlight.has(item.id));
      }
      idCounter += 1;
      const id = `${now().toString(36)}-${idCounter}-${Math.floor(random() * 1e9).toString(36)}`;
      const item: OutboxItem = { id, path, body: combined, createdAt: now() };
      if (headers) item.headers = headers;
      if (sequence !== undefined) item.sequence = sequence;
      if (coalesceKey !== undefined) item.coalesceKey = coalesceKey;
      commit([...items, item]);
      void run(false);
    },

    flush: () => run(true),

    flushOnPageHide() {
      let budget = KEEPALIVE_BUDGET_BYTES - [...keepaliveBytes.values()].reduce((sum, bytes) => sum + bytes, 0);
      const items = load();
      for (const item of items) {
        if (keepaliveBytes.has(item.id) || !isFirstOfSequence(item, items)) continue;
        const bytes = utf8Length(JSON.stringify(item.body));
        if (bytes > budget) continue;
        budget -= bytes;
        keepaliveBytes.set(item.id, bytes);
        // Also for an item already on its way: a normal request dies with the page, this one does not.
        void send(item, true).finally(() => {
          keepaliveBytes.delete(item.id);
          schedule();
        });
      }
      void run(true);
    },

    pendingCount: () => load().length,

    refusedCount: () => refusedCalls().length,

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
