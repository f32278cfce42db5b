import type { SectionRegistry } from '@assessment/core';
import type { ReleaseBlobStore } from '../storage/releases/release-blobs.ts';
import type { ReleaseStore } from '../storage/releases/release-store.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deletes the releases nobody can still need, then the stored files no release names. Kept,
 * whatever their age: each section's live release and its newest `keep`, and any release younger
 * than `olderThanDays`, since a candidate's open page may still load its chunks. A file written in
 * the last day is kept too: it may belong to an upload still arriving, named by no release yet.
 */
export async function pruneReleases(
  releases: ReleaseStore,
  blobs: ReleaseBlobStore,
  sections: SectionRegistry,
  { keep, olderThanDays, now }: { keep: number; olderThanDays: number; now: number },
): Promise<{ deleted: Record<string, string[]>; files: number }> {
  const deleted: Record<string, string[]> = {};
  for (const section of sections.sections) {
    deleted[section.id] = await releases.pruneReleases(section.id, keep, now - olderThanDays * DAY);
  }
  let files = 0;
  for await (const page of blobs.list()) {
    const old = page.filter((blob) => blob.writtenAt < now - DAY).map((blob) => blob.hash);
    const named = await releases.namedBlobs(old);
    for (const hash of old.filter((one) => !named.has(one))) {
      await blobs.remove(hash);
      files += 1;
    }
  }
  await blobs.removeUnfinished(now - DAY);
  return { deleted, files };
}
