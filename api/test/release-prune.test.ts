import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SECTIONS } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { pruneReleases } from '../src/releases/prune.ts';
import { createFileReleaseBlobs } from '../src/storage/releases/release-blobs.ts';
import type { Release } from '../src/storage/releases/release-store.ts';
import { storesBeside, TEST_DATABASES } from './databases.ts';
import { tempDataDir } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(TEST_DATABASES)('pruning releases on $name', (database) => {
  it('keeps the live release, the newest ones and the young ones, and the files they name', async () => {
    const { env, drop } = await database.open();
    const dataDir = tempDataDir();
    const beside = await storesBeside({ DATA_DIR: dataDir, ...env });
    const blobs = createFileReleaseBlobs(path.join(dataDir, 'releases'));
    const now = Date.now();
    try {
      const { releases } = beside.stores;
      const shared = 'the same vendor chunk';
      const made: Release[] = [];
      for (const [label, age] of [
        ['live', 200],
        ['old', 150],
        ['older', 120],
        ['young', 10],
      ] as const) {
        const own = `the section's code of ${label}`;
        for (const text of [own, shared]) await blobs.put(hashOf(text), Buffer.from(text));
        const release: Release = {
          release_id: randomUUID(),
          section_id: 'quiz',
          version: `${label}-000000000000`,
          label,
          content_hash: hashOf(label),
          kind: 'files',
          entry_url: null,
          entry_origin: null,
          manifest: null,
          contract_version: 3,
          bytes: 1,
          created_at: now - age * DAY,
          created_by: 'quiz CI',
          key_id: null,
          broken_at: null,
          broken_reason: null,
        };
        await releases.recordRelease(release, [
          { path: 'remoteEntry.js', blob: hashOf(own), bytes: own.length },
          { path: 'assets/vendor.js', blob: hashOf(shared), bytes: shared.length },
        ]);
        made.push(release);
      }
      const live = made[0] as Release;
      expect(
        (
          await releases.promote('quiz', live.release_id, 0, {
            kind: 'promoted',
            at: now,
            actor: { name: 'quiz CI', keyId: null },
          })
        ).done,
      ).toBe(true);
      // Every file is two days old but one, written a moment ago by an upload still arriving.
      for (const file of fs.readdirSync(path.join(dataDir, 'releases', 'blobs'), { recursive: true })) {
        const full = path.join(dataDir, 'releases', 'blobs', String(file));
        if (fs.statSync(full).isFile()) fs.utimesSync(full, new Date(now - 2 * DAY), new Date(now - 2 * DAY));
      }
      await blobs.put(hashOf('arriving'), Buffer.from('arriving'));

      const pruned = await pruneReleases(releases, blobs, SECTIONS, { keep: 1, olderThanDays: 90, now });
      expect(pruned.deleted.quiz?.sort()).toEqual(['old-000000000000', 'older-000000000000']);
      expect((await releases.releases('quiz')).map((release) => release.label).sort()).toEqual(['live', 'young']);
      expect(pruned.files).toBe(2);
      for (const text of ["the section's code of live", "the section's code of young", shared, 'arriving']) {
        expect(await blobs.has(hashOf(text)), text).toBe(true);
      }
      expect(await blobs.has(hashOf("the section's code of old"))).toBe(false);
      // The history stays, whatever was pruned.
      expect((await releases.history('quiz', 100)).filter((entry) => entry.kind === 'released')).toHaveLength(4);
    } finally {
      await beside.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
