import { randomBytes } from 'node:crypto';
import { ERRORS } from '@tus/server';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Postgres } from '../db/postgres.ts';
import { createPostgresLocker, type PostgresLocker } from './postgres-locker.ts';

const { DATABASE_URL } = inject('services');
const opened: { postgres: Postgres; locker: PostgresLocker }[] = [];

/** What one API instance has: its own pool and its own locker, on the shared database. */
async function instance(acquireTimeoutMs = 10_000) {
  const postgres = await openPostgres(DATABASE_URL, () => {});
  const locker = createPostgresLocker(postgres, { acquireTimeoutMs });
  opened.push({ postgres, locker });
  return { postgres, locker };
}

afterAll(async () => {
  for (const { postgres, locker } of opened) {
    await locker.close();
    await postgres.close();
  }
});

const uploadId = () => randomBytes(16).toString('hex');
const running = () => new AbortController().signal;

/** A lock attempt whose outcome can be looked at without awaiting it. */
function attempt(locker: PostgresLocker, id: string, onAsked = () => {}, signal = running()) {
  const lock = locker.newLock(id);
  const state = { settled: false, error: undefined as unknown };
  const done = lock.lock(signal, onAsked).then(
    () => {
      state.settled = true;
    },
    (error: unknown) => {
      state.settled = true;
      state.error = error;
    },
  );
  return { lock, state, done };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('PostgreSQL upload locker', () => {
  it('lets one instance at a time hold an upload, and asks the holder on the other instance to finish', async () => {
    const a = await instance();
    const b = await instance();
    const id = uploadId();
    let askedA = 0;
    const first = attempt(a.locker, id, () => {
      askedA += 1;
    });
    await first.done;
    expect(first.state.error).toBeUndefined();

    const second = attempt(b.locker, id);
    await until(() => askedA > 0, "the request to A's holder");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(second.state.settled).toBe(false);

    await first.lock.unlock();
    await second.done;
    expect(second.state.error).toBeUndefined();
    await second.lock.unlock();
  });

  it('keeps different uploads apart', async () => {
    const a = await instance();
    const b = await instance();
    const held = attempt(a.locker, uploadId());
    const other = attempt(b.locker, uploadId());
    await Promise.all([held.done, other.done]);
    expect([held.state.error, other.state.error]).toEqual([undefined, undefined]);
    await Promise.all([held.lock.unlock(), other.lock.unlock()]);
  });

  it('keeps two requests of one instance apart, asking the first to finish', async () => {
    const { locker } = await instance();
    const id = uploadId();
    let asked = 0;
    const first = attempt(locker, id, () => {
      asked += 1;
    });
    await first.done;
    const second = attempt(locker, id);
    await until(() => asked > 0, 'the request to the first holder');
    expect(second.state.settled).toBe(false);
    await first.lock.unlock();
    await second.done;
    expect(second.state.error).toBeUndefined();
    await second.lock.unlock();
  });

  it('frees the locks of an instance whose session ends, as when its process is killed', async () => {
    const a = await instance();
    const b = await instance();
    const id = uploadId();
    const first = attempt(a.locker, id);
    await first.done;
    const second = attempt(b.locker, id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(second.state.settled).toBe(false);

    // What PostgreSQL sees when a process dies: its connection closes. A's pool is left alone.
    await b.postgres.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
         AND objid::bigint = (hashtextextended('tus-upload:' || $1::text, 0) & 4294967295)`,
      [id],
    );
    await second.done;
    expect(second.state.error).toBeUndefined();
    await second.lock.unlock();
  });

  it('gives up with tus’s lock timeout when the holder never lets go, or when the request ends', async () => {
    const a = await instance();
    const b = await instance(300);
    const id = uploadId();
    const held = attempt(a.locker, id);
    await held.done;

    const timedOut = attempt(b.locker, id);
    await timedOut.done;
    expect(timedOut.state.error).toBe(ERRORS.ERR_LOCK_TIMEOUT);

    const request = new AbortController();
    const abandoned = attempt((await instance()).locker, id, () => {}, request.signal);
    request.abort();
    await abandoned.done;
    expect(abandoned.state.error).toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.lock.unlock();
  });

  it('refuses to unlock what it does not hold', async () => {
    const { locker } = await instance();
    await expect(locker.newLock(uploadId()).unlock()).rejects.toThrow(/not held/);
  });
});
