import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { createWriteOperations, type WriteName } from './sqlite-writes.ts';
import type { WriteReply, WriteRequest } from './writer-protocol.ts';

/**
 * The one thread that writes the database. Every write that arrives while a commit is under way
 * waits for the next one, which takes them all: one transaction and one fsync for the lot
 * (synchronous=FULL), and only then is each of them answered. The server's event loop never waits
 * for a disk.
 */

const { file } = workerData as { file: string };
const port = parentPort;
if (!port) throw new Error('session-writer.worker must run as a worker thread');

const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
const operations = createWriteOperations(db);

let waiting: WriteRequest[] = [];
let scheduled = false;

function describe(error: unknown): WriteReply['error'] {
  const known = error as Error;
  return { name: known.name ?? 'Error', message: known.message ?? String(error) };
}

function runOne(request: WriteRequest): WriteReply {
  try {
    const operation = operations[request.op as WriteName] as (...args: unknown[]) => unknown;
    return { id: request.id, value: operation(...request.args) };
  } catch (error) {
    return { id: request.id, error: describe(error) };
  }
}

const commitBatch = db.transaction((batch: WriteRequest[]) => batch.map(runOne));

function flush(): void {
  scheduled = false;
  const batch = waiting;
  waiting = [];
  let replies: WriteReply[];
  try {
    replies = commitBatch.immediate(batch);
  } catch (error) {
    // The commit itself failed (disk full, I/O error): nothing of the batch is stored.
    replies = batch.map((request) => ({ id: request.id, error: describe(error) }));
  }
  port?.postMessage(replies);
}

port.on('message', (message: WriteRequest[] | 'close') => {
  if (message === 'close') {
    if (waiting.length > 0) flush();
    db.close();
    port.close();
    return;
  }
  waiting.push(...message);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
});
port.postMessage('ready');
