import {
  STORED_TAKE_SESSION_ID_PATH,
  STORED_TAKES_DB,
  type StoredTakeSession,
  sessionRefOfStoredTake,
} from '@assessment/core';
import { subscribeInvitationEvents } from '@assessment/react';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { newestFirst, type StoredChunk } from './recovery.ts';
import type { Take } from './take.ts';

/**
 * Recordings kept in this browser (IndexedDB) until the server has them: every piece while
 * recording, then the finished file with its upload address. A reload, a crashed tab or a lost
 * connection therefore never loses a take. Storage failures are logged and reported as `false`,
 * never thrown: recording must go on in memory even where the browser keeps nothing, and a
 * finished take the browser would not keep is held by the page instead (`heldInPage`).
 */

/** A take, tied to its session (`StoredTakeSession`) so that another candidate on this browser never sees it. */
export interface RecordingRow extends StoredTakeSession {
  id: string;
  mimeType: string;
  createdAt: number;
  state: 'recording' | 'finished';
  durationMs: number;
  blob: Blob | null;
  submitted: boolean;
  uploadUrl: string | null;
}

interface VideoDb extends DBSchema {
  recordings: { key: string; value: RecordingRow; indexes: { 'by-session': string } };
  chunks: { key: [string, number]; value: StoredChunk };
}

const DB_VERSION = 1;

let opening: Promise<IDBPDatabase<VideoDb>> | undefined;

function database(): Promise<IDBPDatabase<VideoDb>> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('This browser has no IndexedDB'));
  opening ??= openDB<VideoDb>(STORED_TAKES_DB.name, DB_VERSION, {
    upgrade(db) {
      const recordings = db.createObjectStore(STORED_TAKES_DB.recordings, { keyPath: 'id' });
      recordings.createIndex(STORED_TAKES_DB.bySession, STORED_TAKE_SESSION_ID_PATH);
      db.createObjectStore(STORED_TAKES_DB.chunks, { keyPath: ['recordingId', 'seq'] });
    },
    terminated() {
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

async function attempt(what: string, work: (db: IDBPDatabase<VideoDb>) => Promise<unknown>): Promise<boolean> {
  try {
    await work(await database());
    return true;
  } catch (error) {
    console.error(`Video recording: could not ${what} in this browser's storage`, error);
    return false;
  }
}

/**
 * Finished takes the browser would not keep (storage full, private mode), held by this page
 * instead: a section closed and opened again within the product (Back, then Forward) offers one
 * back as it does a take from storage. They go with the page, which asks before it is left while
 * one is unsent (useLeaveWarning).
 */
const heldInPage = new Map<string, RecordingRow & { blob: Blob }>();

/** Lets go of the session's takes this page holds, but `keep` (a newer take replaces them). */
function releaseHeldInPage(sessionId: string, keep?: string): void {
  for (const [id, row] of heldInPage) {
    if (id !== keep && sessionRefOfStoredTake(row).sessionId === sessionId) heldInPage.delete(id);
  }
}

/**
 * Sessions the server erased while this page was open: shared/react drops their takes from the
 * browser's storage, and this page lets go of those it holds and keeps nothing of them again, also
 * of a take whose recording ends only as its screen closes.
 */
const erasedSessions = new Set<string>();
/** The session of each take begun on this page, for its pieces, which do not name it. */
const sessionOfTake = new Map<string, string>();

subscribeInvitationEvents((event) => {
  if (event.kind !== 'erased') return;
  erasedSessions.add(event.sessionId);
  releaseHeldInPage(event.sessionId);
});

const isErased = (row: StoredTakeSession) => erasedSessions.has(sessionRefOfStoredTake(row).sessionId);

const chunksOf = (recordingId: string) => IDBKeyRange.bound([recordingId, 0], [recordingId, Number.POSITIVE_INFINITY]);

export function takeFromRow(row: RecordingRow & { blob: Blob }): Take {
  return {
    id: row.id,
    blob: row.blob,
    mimeType: row.mimeType,
    durationMs: row.durationMs,
    createdAt: row.createdAt,
    submitted: row.submitted,
    uploadUrl: row.uploadUrl,
  };
}

export const recordingStore = {
  begin(row: Omit<RecordingRow, 'state' | 'durationMs' | 'blob' | 'submitted' | 'uploadUrl'>): Promise<boolean> {
    sessionOfTake.set(row.id, sessionRefOfStoredTake(row).sessionId);
    if (isErased(row)) return Promise.resolve(false);
    return attempt('start keeping the recording', (db) =>
      db.put('recordings', {
        ...row,
        state: 'recording',
        durationMs: 0,
        blob: null,
        submitted: false,
        uploadUrl: null,
      }),
    );
  },

  addChunk(chunk: StoredChunk): Promise<boolean> {
    if (erasedSessions.has(sessionOfTake.get(chunk.recordingId) ?? '')) return Promise.resolve(false);
    return attempt('keep a piece of the recording', (db) => db.put('chunks', chunk));
  },

  /**
   * Keeps the finished file in place of its pieces, and only now lets go of the session's earlier
   * takes: until a new take is complete, the previous one is still there to offer back.
   */
  async finish(take: Take, row: StoredTakeSession): Promise<boolean> {
    if (isErased(row)) return false;
    const kept = await attempt('keep the finished recording', async (db) => {
      const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
      const recordings = tx.objectStore('recordings');
      const chunks = tx.objectStore('chunks');
      const { sessionId } = sessionRefOfStoredTake(row);
      const others = (await recordings.index('by-session').getAll(sessionId)).filter((other) => other.id !== take.id);
      await Promise.all([
        recordings.put({ ...row, ...take, state: 'finished' }),
        chunks.delete(chunksOf(take.id)),
        ...others.flatMap((other) => [recordings.delete(other.id), chunks.delete(chunksOf(other.id))]),
      ]);
      await tx.done;
    });
    releaseHeldInPage(sessionRefOfStoredTake(row).sessionId, take.id);
    if (!kept) heldInPage.set(take.id, { ...row, ...take, state: 'finished' });
    return kept;
  },

  /** Whether only this page holds the take: the browser would not keep it. */
  holdsOnlyInPage(id: string): boolean {
    return heldInPage.has(id);
  },

  update(id: string, changes: Partial<Pick<RecordingRow, 'submitted' | 'uploadUrl'>>): Promise<boolean> {
    const held = heldInPage.get(id);
    if (held) {
      heldInPage.set(id, { ...held, ...changes });
      return Promise.resolve(true);
    }
    return attempt('note the upload of the recording', async (db) => {
      const tx = db.transaction('recordings', 'readwrite');
      const row = await tx.store.get(id);
      if (row) await tx.store.put({ ...row, ...changes });
      await tx.done;
    });
  },

  remove(id: string): Promise<boolean> {
    heldInPage.delete(id);
    return attempt('let go of the sent recording', async (db) => {
      const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
      await Promise.all([tx.objectStore('recordings').delete(id), tx.objectStore('chunks').delete(chunksOf(id))]);
      await tx.done;
    });
  },

  /**
   * The session's recordings, newest first, each with its pieces when it was cut short: those in
   * the browser's storage and those only this page holds.
   */
  async ofSession(sessionId: string): Promise<{ row: RecordingRow; chunks: StoredChunk[] }[]> {
    const inPage = [...heldInPage.values()].filter((row) => sessionRefOfStoredTake(row).sessionId === sessionId);
    try {
      const db = await database();
      const rows = newestFirst([...(await db.getAllFromIndex('recordings', 'by-session', sessionId)), ...inPage]);
      return Promise.all(
        rows.map(async (row) => ({
          row,
          chunks: row.state === 'recording' ? await db.getAll('chunks', chunksOf(row.id)) : [],
        })),
      );
    } catch (error) {
      console.error("Video recording: could not read this browser's storage", error);
      return newestFirst(inPage).map((row) => ({ row, chunks: [] }));
    }
  },
};
