import { STORED_TAKES_DB } from '@assessment/core';

/**
 * Drops session `sessionId`'s takes from remote-video's IndexedDB
 * (remote-video/src/recording/lib/recording-store.ts): finished files, and the pieces of a take cut
 * short. Here and not in that remote, as the server may say the session was erased on a page where
 * the video remote never loaded. True when none is left, also where there is no such database;
 * false when the database could not be changed.
 */
export function forgetStoredTakes(sessionId: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(true);
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(STORED_TAKES_DB.name);
    } catch {
      resolve(false);
      return;
    }
    // No such database: opening would create an empty one, which the video remote would then
    // take for its own and never give stores. Stopped, the browser creates nothing.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(request.error?.name === 'AbortError');
    request.onsuccess = () => {
      const db = request.result;
      const done = (dropped: boolean) => {
        db.close();
        resolve(dropped);
      };
      try {
        const tx = db.transaction([STORED_TAKES_DB.recordings, STORED_TAKES_DB.chunks], 'readwrite');
        const recordings = tx.objectStore(STORED_TAKES_DB.recordings);
        const chunks = tx.objectStore(STORED_TAKES_DB.chunks);
        const ids = recordings.index(STORED_TAKES_DB.bySession).getAllKeys(sessionId);
        ids.onsuccess = () => {
          for (const id of ids.result) {
            recordings.delete(id);
            chunks.delete(IDBKeyRange.bound([id, 0], [id, Number.POSITIVE_INFINITY]));
          }
        };
        tx.oncomplete = () => done(true);
        tx.onabort = () => done(false);
      } catch (error) {
        console.error("Erased session: could not drop its video from this browser's storage", error);
        done(false);
      }
    };
  });
}
