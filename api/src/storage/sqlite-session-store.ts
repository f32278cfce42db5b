import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { workerModule } from '../worker-file.ts';
import { knownSessions } from './known-sessions.ts';
import { type SessionStore, STORE_ERRORS } from './session-store.ts';
import { migrate } from './sqlite-migrations.ts';
import { createReads } from './sqlite-reads.ts';
import { createReviewReads } from './sqlite-review-reads.ts';
import type { WriteName, WriteOperations } from './sqlite-writes.ts';
import type { WriteReply, WriteRequest } from './writer-protocol.ts';

/**
 * SQLite in `DATA_DIR/assessment.sqlite`, WAL. Writes go to one writer thread that commits them
 * in groups with synchronous=FULL, so an acknowledged write survives power loss and no request
 * waits on the event loop for another's fsync. Reads run here, on a connection that cannot write.
 */
export async function openSqliteSessionStore(dataDir: string): Promise<SessionStore> {
  const file = databaseFile(dataDir);
  const reader = openReader(file);
  const writer = await startWriter(file).catch((error: unknown) => {
    reader.close();
    throw error;
  });
  const reads = createReads(reader);
  const reviewReads = createReviewReads(reader);
  const known = knownSessions();
  const write =
    <N extends WriteName>(op: N) =>
    (...args: Parameters<WriteOperations[N]>) =>
      writer.call(op, args) as Promise<ReturnType<WriteOperations[N]>>;

  return {
    saveRegistration: write('saveRegistration'),
    saveQuizComplete: write('saveQuizComplete'),
    saveAnswers: write('saveAnswers'),
    saveDeviceCheck: write('saveDeviceCheck'),
    saveVideoSkip: write('saveVideoSkip'),
    saveFeedback: write('saveFeedback'),
    startVideoUpload: write('startVideoUpload'),
    finishVideoUpload: write('finishVideoUpload'),
    forgetVideoUpload: write('forgetVideoUpload'),
    sessionOfKey: async (keyHash) => known.ofKey(keyHash) ?? known.rememberKey(keyHash, reads.sessionOfKey(keyHash)),
    sessionOfVideoUpload: async (uploadId) => reads.sessionOfVideoUpload(uploadId),
    listSessions: async (query) => reads.listSessions(query),
    getSession: async (sessionId) => reads.getSession(sessionId),
    createInvitation: write('createInvitation'),
    changeInvitation: write('changeInvitation'),
    revokeInvitation: write('revokeInvitation'),
    setOpenLinkAllowed: write('setOpenLinkAllowed'),
    addReviewer: write('addReviewer'),
    removeReviewer: write('removeReviewer'),
    startReviewerSession: write('startReviewerSession'),
    touchReviewerSession: write('touchReviewerSession'),
    endReviewerSession: write('endReviewerSession'),
    getInvitation: async (invitationId) => reviewReads.getInvitation(invitationId),
    invitationOfToken: async (testId, token) => reviewReads.invitationOfToken(testId, token),
    listInvitations: async (query) => reviewReads.listInvitations(query),
    openLinkAllowed: async (testId) => reviewReads.openLinkAllowed(testId),
    testCounts: async (testIds) => reviewReads.testCounts(testIds),
    listCandidates: async (query) => reviewReads.listCandidates(query),
    reviewerOfEmail: async (email) => reviewReads.reviewerOfEmail(email),
    listReviewers: async () => reviewReads.listReviewers(),
    reviewerSession: async (sessionHash) => reviewReads.reviewerSession(sessionHash),
    close: async () => {
      await writer.close();
      reader.close();
    },
  };
}

function databaseFile(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  return path.join(dataDir, 'assessment.sqlite');
}

/** Creates or upgrades the schema, then keeps the connection for reads only. */
function openReader(file: string): Database.Database {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    db.pragma('query_only = ON');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

interface Writer {
  call(op: WriteName, args: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

function toError(reply: NonNullable<WriteReply['error']>): Error {
  const Refusal = STORE_ERRORS[reply.name as keyof typeof STORE_ERRORS];
  const error = Refusal ? Object.create(Refusal.prototype) : new Error(reply.message);
  Object.assign(error, { name: reply.name, message: reply.message });
  return error;
}

/** The writer thread, and the promises of the writes it has not answered yet. */
async function startWriter(file: string): Promise<Writer> {
  const worker = new Worker(workerModule('storage/session-writer.worker'), { workerData: { file } });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;
  let failure: Error | undefined;

  function failAll(error: Error): void {
    failure ??= error;
    for (const waiter of pending.values()) waiter.reject(failure);
    pending.clear();
  }

  const [first] = (await once(worker, 'message')) as [unknown];
  if (first !== 'ready') throw new Error('The database writer did not start');
  worker.on('message', (replies: WriteReply[]) => {
    for (const reply of replies) {
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.error) waiter?.reject(toError(reply.error));
      else waiter?.resolve(reply.value);
    }
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', () => failAll(new Error('The database writer has stopped')));

  // The writes of one turn of the event loop go to the writer in one message, not one each.
  let outgoing: WriteRequest[] = [];
  function send(): void {
    worker.postMessage(outgoing);
    outgoing = [];
  }

  return {
    call(op, args) {
      if (failure) return Promise.reject(failure);
      nextId += 1;
      const request: WriteRequest = { id: nextId, op, args };
      return new Promise((resolve, reject) => {
        pending.set(request.id, { resolve, reject });
        if (outgoing.length === 0) setImmediate(send);
        outgoing.push(request);
      });
    },
    async close() {
      if (failure) return;
      if (outgoing.length > 0) send();
      const exited = once(worker, 'exit');
      worker.postMessage('close');
      await exited;
    },
  };
}
