import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type pg from 'pg';
import type { Postgres } from '../db/postgres.ts';

/** Another instance asks the holder of an upload's lock to let go by naming the upload here. */
const RELEASE_CHANNEL = 'tus_upload_release';
/** How often a waiting request tries again; waiting happens only when a client resumes over a stalled request. */
const RETRY_MS = 50;
/** A holder elsewhere may have changed while we wait; ask again this often. */
const ASK_AGAIN_MS = 1000;
/** As long as tus's own in-process locker waits. */
const ACQUIRE_TIMEOUT_MS = 30_000;

const LOCKS_UNAVAILABLE = { status_code: 503, body: 'Upload locks are unavailable; try again' };

/**
 * The 64-bit advisory-lock key of an upload, computed by PostgreSQL. The two-key form
 * (`pg_advisory_lock(int, int)`) is a separate key space, left to other uses such as migrations.
 */
const KEY = "hashtextextended('tus-upload:' || $1, 0)";

interface Holder {
  release: RequestRelease;
  /** The session the lock was taken in; if it has gone, so has the lock. */
  client: pg.Client;
}

export interface PostgresLocker extends Locker {
  /** Ends the locks' session, which frees every lock this process still holds. */
  close(): Promise<void>;
}

/**
 * tus upload locks that every API instance shares, as PostgreSQL advisory locks, so an upload
 * started on one instance can be resumed on another and never written by two requests at once.
 *
 * All of a process's locks live in one dedicated session: a lock per upload in progress costs no
 * connection, and when the process dies its session ends and PostgreSQL frees its locks at once.
 * Within the process a map keeps two requests for the same upload apart (a session's advisory
 * locks are re-entrant, so the database alone would let both in). As with tus's in-process locker,
 * a request that wants a held lock asks the holder to finish: in this process through the
 * holder's callback, in another one with a NOTIFY that the holder's process LISTENs for. That is
 * what a client resuming after a stalled request needs, wherever the stalled request sits.
 */
export function createPostgresLocker(
  postgres: Postgres,
  {
    acquireTimeoutMs = ACQUIRE_TIMEOUT_MS,
    onError = () => {},
  }: { acquireTimeoutMs?: number; onError?: (error: unknown) => void } = {},
): PostgresLocker {
  const held = new Map<string, Holder>();
  let session: { client: pg.Client } | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  function lost(client: pg.Client): void {
    if (session?.client !== client) return;
    session = undefined;
    // The locks went with the session, so another instance may take them now: every request of
    // this process that held one is asked to stop, and its client resumes.
    for (const holder of held.values()) if (holder.client === client) void holder.release();
  }

  function connect(): Promise<pg.Client> {
    if (session) return Promise.resolve(session.client);
    connecting ??= (async () => {
      const client = await postgres.dedicatedClient();
      client.on('notification', (message) => {
        if (message.channel === RELEASE_CHANNEL && message.payload) void held.get(message.payload)?.release();
      });
      client.on('error', () => lost(client));
      client.on('end', () => lost(client));
      await client.query(`LISTEN ${RELEASE_CHANNEL}`);
      session = { client };
      return client;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  async function tryLock(id: string, release: RequestRelease): Promise<boolean> {
    let client: pg.Client;
    try {
      client = await connect();
    } catch (error) {
      onError(error);
      throw LOCKS_UNAVAILABLE;
    }
    // Reserved here before asking the database, so a second request of this process waits.
    held.set(id, { release, client });
    try {
      const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${KEY}) AS locked`, [id]);
      if (rows[0]?.locked) return true;
    } catch (error) {
      held.delete(id);
      onError(error);
      throw LOCKS_UNAVAILABLE;
    }
    held.delete(id);
    return false;
  }

  async function askHolderElsewhere(id: string): Promise<void> {
    try {
      await postgres.pool.query('SELECT pg_notify($1, $2)', [RELEASE_CHANNEL, id]);
    } catch (error) {
      onError(error);
    }
  }

  async function lock(id: string, signal: AbortSignal, release: RequestRelease): Promise<void> {
    if (closed) throw LOCKS_UNAVAILABLE;
    const deadline = Date.now() + acquireTimeoutMs;
    let askedHere: Holder | undefined;
    let askElsewhereAt = 0;
    for (;;) {
      if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      const holder = held.get(id);
      if (holder) {
        if (askedHere !== holder) {
          askedHere = holder;
          await holder.release();
        }
      } else if (await tryLock(id, release)) {
        return;
      } else if (Date.now() >= askElsewhereAt) {
        askElsewhereAt = Date.now() + ASK_AGAIN_MS;
        await askHolderElsewhere(id);
      }
      await sleep(RETRY_MS);
    }
  }

  async function unlock(id: string, release: RequestRelease): Promise<void> {
    const holder = held.get(id);
    if (holder?.release !== release) throw new Error(`Releasing an upload lock that is not held: ${id}`);
    held.delete(id);
    if (session?.client !== holder.client) return;
    try {
      await holder.client.query(`SELECT pg_advisory_unlock(${KEY})`, [id]);
    } catch (error) {
      // The session is broken, and its locks with it.
      onError(error);
    }
  }

  return {
    newLock(id: string): Lock {
      let ownRelease: RequestRelease | undefined;
      return {
        async lock(signal, requestRelease) {
          // One function per lock, so unlock can tell its own hold from a later request's.
          const release: RequestRelease = () => requestRelease();
          await lock(id, signal, release);
          ownRelease = release;
        },
        async unlock() {
          if (!ownRelease) throw new Error(`Releasing an upload lock that is not held: ${id}`);
          const release = ownRelease;
          ownRelease = undefined;
          await unlock(id, release);
        },
      };
    },

    async close() {
      closed = true;
      const client = session?.client ?? (await connecting?.catch(() => undefined));
      session = undefined;
      await client?.end();
    },
  };
}
