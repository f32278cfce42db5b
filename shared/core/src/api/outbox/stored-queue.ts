import { type KeyValueStorage, safeRead, safeWrite } from '../../store/safe-storage.ts';
import type { OutboxItem } from './outbox.ts';
import { type CallOfSession, countOfSession } from './session-calls.ts';

export const OUTBOX_STORAGE_KEY = 'outbox';
/** Calls the server refused for good: kept (without their bodies) so no screen claims they arrived. */
export const OUTBOX_REFUSED_STORAGE_KEY = 'outboxRefused';
const REFUSED_KEPT = 50;

function isOutboxItem(value: unknown): value is OutboxItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.id === 'string' && typeof item.path === 'string' && typeof item.createdAt === 'number';
}

export interface StoredQueue {
  /** The waiting items, oldest first, as storage holds them now. */
  load(): OutboxItem[];
  /** Replaces the waiting items; false when storage refused it (they are then kept in memory). */
  commit(items: OutboxItem[]): boolean;
  remove(id: string): void;
}

/**
 * The queue in storage. Storage stays the truth while it can be written: another copy of this
 * client (a second tab, or a remote that did not get the shared singleton) may change it at any
 * time, and writing back an old copy would lose its items.
 */
export function createStoredQueue(
  storage: KeyValueStorage | undefined,
  log: Pick<Console, 'error'>,
  onCountChange: (pending: number) => void,
): StoredQueue {
  /** The queue as last read or written. */
  let queue: OutboxItem[] = [];
  let storedRaw: string | null = null;
  let storageWritable = storage !== undefined;

  /** Re-read on every use; parsing happens only when the stored text changed. */
  function load(): OutboxItem[] {
    if (!storageWritable) return queue;
    const raw = safeRead(storage, OUTBOX_STORAGE_KEY);
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

  function commit(items: OutboxItem[]): boolean {
    const before = queue.length;
    queue = items;
    const raw = JSON.stringify(items);
    // When storage is full the queue lives in memory for this page (safeWrite logs why) until a write fits again.
    storageWritable = safeWrite(storage, OUTBOX_STORAGE_KEY, raw);
    storedRaw = storageWritable ? raw : storedRaw;
    if (before !== items.length) onCountChange(items.length);
    return storageWritable;
  }

  function remove(id: string): void {
    const items = load();
    if (items.some((item) => item.id === id)) commit(items.filter((item) => item.id !== id));
  }

  return { load, commit, remove };
}

export interface RefusedLog {
  /** Every refused call this browser keeps, or those of one session. */
  count(sessionId?: string): number;
  record(item: OutboxItem, status: number): void;
  /** Drops the refused calls of one session; false when storage refused it. */
  forget(sessionId: string): boolean;
}

/** One refused call; `sequence` is its session, as the waiting item had it. */
interface RefusedCall extends CallOfSession {
  path: string;
  status: number;
  at: number;
}

/** The calls the server refused for good, in this browser, ever: they will never arrive. */
export function createRefusedLog(storage: KeyValueStorage | undefined, now: () => number): RefusedLog {
  function refusedCalls(): RefusedCall[] {
    try {
      const parsed: unknown = JSON.parse(safeRead(storage, OUTBOX_REFUSED_STORAGE_KEY) ?? '[]');
      // Read back field by field (`countOfSession`), so an entry that is not an object is left out.
      return Array.isArray(parsed) ? parsed.filter((call) => typeof call === 'object' && call !== null) : [];
    } catch {
      return [];
    }
  }
  return {
    count: (sessionId) => (sessionId === undefined ? refusedCalls().length : countOfSession(refusedCalls(), sessionId)),
    record(item, status) {
      const call: RefusedCall = { path: item.path, status, at: now() };
      if (item.sequence !== undefined) call.sequence = item.sequence;
      const kept = [...refusedCalls(), call].slice(-REFUSED_KEPT);
      safeWrite(storage, OUTBOX_REFUSED_STORAGE_KEY, JSON.stringify(kept));
    },
    forget(sessionId) {
      const calls = refusedCalls();
      const kept = calls.filter((call) => call.sequence !== sessionId);
      if (kept.length === calls.length) return true;
      return safeWrite(storage, OUTBOX_REFUSED_STORAGE_KEY, kept.length === 0 ? null : JSON.stringify(kept));
    },
  };
}
