import { buildTakeBlob } from './finalize-take.ts';
import { recordingStore, takeFromRow } from './recording-store.ts';
import { assembleChunks } from './recovery.ts';
import type { Take } from './take.ts';

/** A take found again, and whether the browser keeps it or only this page holds it. */
export interface RecoveredTake {
  take: Take;
  keptInBrowser: boolean;
}

/**
 * The take this session left in the browser and never got to the server, if any: a finished one
 * as it was (from storage, or held by this page when the section closed within it), or one cut
 * short by a reload or a crash rebuilt from its pieces. A leftover with nothing playable in it is
 * cleared away so the next one can be offered.
 */
export async function recoverLatestTake(sessionId: string): Promise<RecoveredTake | undefined> {
  for (const { row, chunks } of await recordingStore.ofSession(sessionId)) {
    if (row.state === 'finished' && row.blob) {
      return { take: takeFromRow({ ...row, blob: row.blob }), keptInBrowser: !recordingStore.holdsOnlyInPage(row.id) };
    }
    const { parts, durationMs } = assembleChunks(chunks);
    if (parts.length === 0) {
      await recordingStore.remove(row.id);
      continue;
    }
    const recorded = await buildTakeBlob(parts, row.mimeType, durationMs);
    const take: Take = {
      id: row.id,
      ...recorded,
      mimeType: row.mimeType,
      createdAt: row.createdAt,
      submitted: false,
      uploadUrl: null,
    };
    return { take, keptInBrowser: await recordingStore.finish(take, row) };
  }
  return undefined;
}
