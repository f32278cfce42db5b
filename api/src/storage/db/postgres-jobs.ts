import { CompiledQuery } from 'kysely';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Db, DeliveryJobs, DueDelivery } from './database.ts';
import type { Postgres } from './postgres.ts';

/** pg-boss's queue of delivery attempts; each job names one row of `deliveries`. */
const QUEUE = 'deliveries';

/**
 * How long an attempt's job may stay taken before pg-boss hands it out again: past the sender's
 * hold on the row (`HOLD_MS` in `mail/delivery-sender.ts`), so only an instance that died
 * mid-attempt gives its job up, and the next one finds the row free to claim.
 */
const EXPIRE_SECONDS = 6 * 60;
/** A job given up by a dead instance is handed out again after this long, as many times as it takes. */
const RETRY = { retryLimit: 1000, retryDelay: 30, retryBackoff: false } as const;

/** Whether pg-boss has kept its schema in this database before: not on a database older than the job queue. */
async function hasJobQueue(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ found: string | null }>(`SELECT to_regclass('pgboss.version') AS found`);
  return rows[0]?.found != null;
}

/**
 * Gives every delivery still queued a job: on the first start with the job queue, the messages a
 * server before it queued have none, and would otherwise never go out. Instances start one at a
 * time (`openPostgresStorage`), so only the first does it.
 */
async function scheduleWaiting(db: Db, jobs: DeliveryJobs): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const waiting = await trx
      .selectFrom('deliveries')
      .select(['delivery_id', 'due_at'])
      .where('state', '=', 'queued')
      .execute();
    await jobs.schedule(
      trx,
      waiting.map((row) => ({ deliveryId: row.delivery_id, at: Number(row.due_at) })),
    );
  });
}

/**
 * Past this many of a company's queued deliveries, a backlog is a backlog: counting further would
 * make each write that queues a message read the whole backlog (a crowd's receipts, all of one
 * company), while every other company's next message already goes first.
 */
const BACKLOG_COUNTED = 100;

/**
 * How many deliveries of the same company are queued beside each of these (up to `BACKLOG_COUNTED`),
 * read in the transaction that schedules them: minus that is the job's priority, so pg-boss, which
 * hands out the highest first, hands out every company's next message before a company's backlog,
 * and a company with a backlog (a stalled endpoint, a stream of events) cannot keep another's from
 * being taken.
 */
async function queuedBeside(db: Db, deliveryIds: readonly string[]): Promise<Map<string, number>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('deliveries as d')
    .select((eb) => [
      'd.delivery_id',
      eb
        .selectFrom(
          eb
            .selectFrom('deliveries as o')
            .select('o.delivery_id')
            .whereRef('o.company_id', '=', 'd.company_id')
            .where('o.state', '=', 'queued')
            .whereRef('o.delivery_id', '<>', 'd.delivery_id')
            .limit(BACKLOG_COUNTED)
            .as('backlog'),
        )
        .select(eb.fn.countAll<string>().as('n'))
        .as('beside'),
    ])
    .where('d.delivery_id', 'in', deliveryIds)
    .execute();
  return new Map(rows.map((row) => [row.delivery_id, Number(row.beside ?? 0)]));
}

/** pg-boss's statements, run inside the caller's transaction: the job is kept with its row, or neither is. */
const inTransaction = (db: Db): PgBoss.Db => ({
  executeSql: async (text, values) => ({ rows: [...(await db.executeQuery(CompiledQuery.raw(text, values))).rows] }),
});

/**
 * The outward queue's attempts on PostgreSQL, kept by pg-boss, a maintained job queue: each
 * attempt is a job scheduled in the transaction that queues or reschedules its delivery, handed to
 * one instance at a time (`SKIP LOCKED`), and handed out again once expired when the instance
 * holding it died. The rows of `deliveries` stay the company's log, and their claim the guard that
 * a message is sent once. pg-boss keeps its own schema (`pgboss`), created and upgraded here at
 * every start of every instance, under the lock the migrations hold (`openPostgresStorage`).
 */
export async function openDeliveryJobs(
  { pool, settings, onError }: Pick<Postgres, 'pool' | 'settings' | 'onError'>,
  db: Db,
): Promise<DeliveryJobs> {
  const first = !(await hasJobQueue(pool));
  // Loaded here, with the database that needs it, as the driver is (`postgres.ts`).
  const { default: JobQueue } = await import('pg-boss');
  const boss = new JobQueue({
    connectionString: settings.connectionString,
    application_name: `${settings.application_name ?? 'assessment-api'} jobs`,
    max: 2,
    // No cron here: the periodic tasks are the API's own (`jobs/periodic-tasks.ts`).
    schedule: false,
    ...RETRY,
  });
  // An EventEmitter's 'error' with no listener would end the process.
  boss.on('error', onError);
  await boss.start();
  await boss.createQueue(QUEUE, { name: QUEUE, policy: 'standard', expireInSeconds: EXPIRE_SECONDS, ...RETRY });
  const jobs: DeliveryJobs = {
    async schedule(db, attempts) {
      if (attempts.length === 0) return;
      const beside = await queuedBeside(
        db,
        attempts.map((attempt) => attempt.deliveryId),
      );
      // One statement for them all; a job is never refused, as none has a singleton key.
      await boss.insert(
        attempts.map(({ deliveryId, at }) => ({
          name: QUEUE,
          data: { deliveryId },
          priority: -(beside.get(deliveryId) ?? 0),
          startAfter: new Date(at),
          expireInSeconds: EXPIRE_SECONDS,
          ...RETRY,
        })),
        { db: inTransaction(db) },
      );
    },
    // Each company's share is the jobs' priorities' doing, set as they are scheduled.
    async due(_now, limit): Promise<DueDelivery[]> {
      const taken = await boss.fetch<{ deliveryId: string }>(QUEUE, { batchSize: limit });
      if (taken.length === 0) return [];
      const rows = await db
        .selectFrom('deliveries')
        .select(['delivery_id', 'company_id'])
        .where(
          'delivery_id',
          'in',
          taken.map((job) => job.data.deliveryId),
        )
        .execute();
      const companyOf = new Map(rows.map((row) => [row.delivery_id, row.company_id]));
      return taken.map((job) => ({
        deliveryId: job.data.deliveryId,
        // A job whose row is gone is attempted at once: its claim finds nothing, and the job ends.
        companyId: companyOf.get(job.data.deliveryId) ?? '',
        attempted: () => boss.complete(QUEUE, job.id),
        // Its next job and the end of this one in one transaction: the delivery is never jobless, nor twice queued.
        later: (at) =>
          db.transaction().execute(async (trx) => {
            await jobs.schedule(trx, [{ deliveryId: job.data.deliveryId, at }]);
            await boss.complete(QUEUE, job.id, {}, { db: inTransaction(trx) });
          }),
      }));
    },
    close: () => boss.stop({ graceful: false, wait: true }),
  };
  if (first) await scheduleWaiting(db, jobs);
  return jobs;
}
