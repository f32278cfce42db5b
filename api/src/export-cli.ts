import path from 'node:path';
import { parseArgs } from 'node:util';
import { createVideoStore, describeError, openSessionStore } from './backends.ts';
import { configFromEnv } from './config.ts';
import { exportSessions } from './export/export-sessions.ts';
import { openPostgres } from './storage/postgres.ts';

/**
 * `pnpm --filter api export --out DIR`: every session as JSON and CSV, plus the video files.
 * Safe while the server runs (SQLite WAL readers do not block it). Reads DATA_DIR, or DATABASE_URL
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
const postgres = config.databaseUrl
  ? openPostgres(config.databaseUrl, (error) => console.error(`PostgreSQL: ${describeError(error)}`))
  : undefined;
try {
  const store = await openSessionStore(config, postgres);
  try {
    const { sessions, videos } = await exportSessions(store, createVideoStore(config), outDir);
    const source = postgres ? 'PostgreSQL' : config.dataDir;
    console.log(`Exported ${sessions} sessions and ${videos} videos from ${source} to ${outDir}`);
  } finally {
    await store.close();
  }
} finally {
  await postgres?.close();
}
