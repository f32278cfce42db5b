import path from 'node:path';
import { parseArgs } from 'node:util';
import { SECTIONS } from '@assessment/core';
import { createVideoStore, withStores } from './backends.ts';
import { configFromEnv } from './config.ts';
import { exportSessions } from './export/export-sessions.ts';
import { COMMAND_LINE, recordLooks } from './privacy/access-records.ts';

/**
 * `pnpm --filter api export --out DIR`: every session as JSON and CSV, plus the video files.
 * Safe while the server runs (its reads never block the server's writes). Reads DATA_DIR, or DATABASE_URL
 * and S3_* when they are set, like the server.
 */
const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Usage: pnpm --filter api export --out DIR');
  process.exit(2);
}
// pnpm runs scripts inside api/; a relative DIR means relative to where the command was typed.
const outDir = path.resolve(process.env.INIT_CWD || process.cwd(), values.out);
const config = configFromEnv();
await withStores(config, async ({ sessions, access }, source) => {
  const exported = await exportSessions(
    sessions,
    await createVideoStore(config),
    outDir,
    (records) => recordLooks(access, COMMAND_LINE, records, 'export', Date.now()),
    SECTIONS,
  );
  console.log(`Exported ${exported.sessions} sessions and ${exported.videos} videos from ${source} to ${outDir}`);
});
