import { parentPort, workerData } from 'node:worker_threads';
import { WRITES, type WriteName } from '../writes.ts';
import type { WriteContext, WriteOperation } from './database.ts';
import {
  BUSY_TIMEOUT_MS,
  kyselyOf,
  openConnection,
  rowsAsQueue,
  sqliteDialect,
  type WriteReply,
  type WriteRequest,
} from './sqlite.ts';

/**
 * The one thread that writes the database. Every write that arrives while a commit is under way
 * waits for the next one, which takes them all: one transaction and one fsync for the lot
 * (synchronous=FULL), and only then is each of them answered. Each write runs in a savepoint of its
 * own, so a refused one rolls back alone. The server's event loop never waits for a disk.
 */

const { file } = workerData as { file: string };
const port = parentPort;
if (!port) throw new Error('sqlite-writer.worker must run as a worker thread');

const connection = openConnection(file);
connection.pragma('synchronous = FULL');
connection.pragma('foreign_keys = ON');
// What a row held is overwritten with zeros when the row is deleted or replaced, not left in free
// pages: an erased candidate (SPEC section 0), or an answer's earlier save, is not in the file
// any more once the log is checkpointed. It cost nothing measurable in `pnpm bench api`
// (bench/README.md, "Erasure down to the file's bytes").
connection.pragma('secure_delete = ON');
const db = kyselyOf(connection);
const localState = new Map<string, unknown>();
/** A committed write erased someone's data, and the log still holds pages from before it. */
let logHoldsErased = false;
let erasingInBatch = false;
const context: WriteContext = {
  db,
  dialect: sqliteDialect,
  deliveryJobs: rowsAsQueue(db),
  // Every write already runs whole or not at all: in its savepoint, inside the group's transaction.
  atomically: (work) => work(db),
  local: <T>(name: string, create: () => T): T => {
    if (!localState.has(name)) localState.set(name, create());
    return localState.get(name) as T;
  },
  forgets: () => {
    erasingInBatch = true;
  },
};

/**
 * The log keeps every page a commit wrote, the erased rows' earlier versions among them, until it
 * is overwritten: checkpointed into the file (where `secure_delete` has zeroed them) and truncated.
 * A reader still on an older snapshot would make the writer wait for it; rather than hold every
 * write for that, it tries again after the next commit.
 */
function emptyLogOfErased(): void {
  connection.pragma('busy_timeout = 50');
  try {
    const [result] = connection.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    logHoldsErased = result?.busy !== 0;
  } catch (error) {
    console.error('The log could not be emptied after an erasure; trying again after the next commit', error);
  } finally {
    connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

let waiting: WriteRequest[] = [];
let flushing = false;
let closing = false;

function describe(error: unknown): WriteReply['error'] {
  const known = error as Error;
  return { name: known.name ?? 'Error', message: known.message ?? String(error) };
}

async function runOne(request: WriteRequest): Promise<WriteReply> {
  connection.exec('SAVEPOINT one_write');
  try {
    const operation = WRITES[request.name as WriteName] as WriteOperation;
    const value = await operation(context, ...request.args);
    connection.exec('RELEASE one_write');
    return { id: request.id, value };
  } catch (error) {
    connection.exec('ROLLBACK TO one_write');
    connection.exec('RELEASE one_write');
    return { id: request.id, error: describe(error) };
  }
}

async function flush(): Promise<void> {
  flushing = true;
  while (waiting.length > 0) {
    const batch = waiting;
    waiting = [];
    let replies: WriteReply[] = [];
    try {
      connection.exec('BEGIN IMMEDIATE');
      for (const request of batch) replies.push(await runOne(request));
      connection.exec('COMMIT');
      if (erasingInBatch) logHoldsErased = true;
    } catch (error) {
      // The commit itself failed (disk full, I/O error): nothing of the batch is stored.
      if (connection.inTransaction) connection.exec('ROLLBACK');
      replies = batch.map((request) => ({ id: request.id, error: describe(error) }));
    }
    erasingInBatch = false;
    if (logHoldsErased) emptyLogOfErased();
    port?.postMessage(replies);
  }
  flushing = false;
  if (closing) close();
}

function close(): void {
  connection.close();
  port?.close();
}

port.on('message', (message: WriteRequest[] | 'close') => {
  if (message === 'close') {
    closing = true;
    if (!flushing && waiting.length === 0) close();
    else if (!flushing) void flush();
    return;
  }
  waiting.push(...message);
  if (!flushing) {
    flushing = true;
    setImmediate(() => void flush());
  }
});
port.postMessage('ready');
