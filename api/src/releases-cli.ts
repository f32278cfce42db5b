import { parseArgs } from 'node:util';
import { SECTIONS } from '@assessment/core';
import { withStores } from './backends.ts';
import { configFromEnv } from './config.ts';
import { pruneReleases } from './releases/prune.ts';
import { createFileReleaseBlobs, createS3ReleaseBlobs } from './storage/releases/release-blobs.ts';

/**
 * `pnpm --filter api releases prune`: deletes section releases nobody can still need, and the files
 * no release names any more (`releases/prune.ts`).
 */
const USAGE = `Usage:
  pnpm --filter api releases prune [--keep 10] [--older-than 90]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { keep: { type: 'string', default: '10' }, 'older-than': { type: 'string', default: '90' } },
});

const keep = Number(values.keep);
const days = Number(values['older-than']);
if (positionals.join(' ') !== 'prune' || !Number.isInteger(keep) || keep < 1 || !(days >= 1)) {
  console.error(USAGE);
  process.exit(2);
}

const config = configFromEnv();
const blobs = config.s3 ? await createS3ReleaseBlobs(config.s3) : createFileReleaseBlobs(config.releasesDir);
try {
  await withStores(config, async ({ releases }) => {
    const { deleted, files } = await pruneReleases(releases, blobs, SECTIONS, {
      keep,
      olderThanDays: days,
      now: Date.now(),
    });
    for (const [section, versions] of Object.entries(deleted)) {
      console.log(`${section}: ${versions.length === 0 ? 'nothing to delete' : `deleted ${versions.join(', ')}`}`);
    }
    console.log(`Deleted ${files} file(s) no release names, from ${blobs.where}.`);
  });
} finally {
  blobs.close();
}
