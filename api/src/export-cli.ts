import path from 'node:path';
import { parseArgs } from 'node:util';
import { createVideoStore } from './backends.ts';
import { configFromEnv } from './config.ts';
import { exportSessions } from './export/export-sessions.ts';
import { openSqliteSessionStore } from './storage/sqlite-session-store.ts';

/**
 * `pnpm --filter api export --out DIR`: every session as JSON and CSV, plus the video files.
 * Safe while the server runs (SQLite WAL readers do not block it). Reads DATA_DIR like the server.
 */
const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Usage: pnpm --filter api export --out DIR');
  process.exit(2);
}
// pnpm runs scripts inside api/; a relative DIR means relative to where the command was typed.
const outDir = path.resolve(process.env.INIT_CWD || process.cwd(), values.out);
const config = configFromEnv();
const store = await openSqliteSessionStore(config.dataDir);
try {
  const { sessions, videos } = await exportSessions(store, createVideoStore(config), outDir);
  console.log(`Exported ${sessions} sessions and ${videos} videos from ${config.dataDir} to ${outDir}`);
} finally {
  await store.close();
}
