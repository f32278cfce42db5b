import { sampleTestId } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, openPostgresStorage } from '../src/storage/db/postgres.ts';
import { storesOn } from '../src/storage/stores.ts';
import { createDatabase, TEST_DATABASES, type TestDatabase } from './databases.ts';
import { invite, testClock } from './invitation-helpers.ts';
import { startMailSink } from './mail-sink.ts';
import { reviewServer } from './reviewer-helpers.ts';

/** The stores of one API instance on the database, and how to close them. */
async function instance(url: string) {
  const postgres = await openPostgres(url, () => {});
  const storage = await openPostgresStorage(postgres);
  return {
    postgres,
    stores: storesOn(storage),
    async close() {
      await storage.close();
      await postgres.close();
    },
  };
}

describe('the outward queue’s jobs on PostgreSQL (pg-boss)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDatabase(inject('services').DATABASE_URL, 'delivery_jobs');
  });
  afterAll(() => database.drop());

  it('gives a message queued before the job queue existed its job, once, and keeps nothing personal in jobs', async () => {
    const before = await instance(database.url);
    await before.stores.invitations.createInvitation({
      invitationId: 'inv_beforejobs',
      testId: sampleTestId,
      invitationToken: 'beforejobsbeforejobsbefore',
      email: 'before@mail.example',
      name: 'Before Jobs',
      createdAt: Date.now(),
      expiresAt: Date.now() + 86_400_000,
      extraTimePercent: 0,
    });
    const { rows: jobs } = await before.postgres.pool.query<{ data: unknown }>('SELECT data FROM pgboss.job');
    const [delivery] = await before.stores.deliveries.deliveriesOf('lumenvault', 10);
    // A job names its delivery, nothing else: the email and the link stay in rows erasure reaches.
    expect(jobs.map((job) => job.data)).toEqual([{ deliveryId: delivery?.deliveryId }]);
    // As a server before the job queue left it: the row queued, no job at all.
    await before.postgres.pool.query('DROP SCHEMA pgboss CASCADE');
    await before.close();

    const upgraded = await instance(database.url);
    const due = await upgraded.stores.deliveries.dueDeliveries(Date.now(), 10, 2);
    expect(due.map((one) => one.deliveryId)).toEqual([delivery?.deliveryId]);
    for (const attempt of due) await attempt.attempted();
    await upgraded.close();

    // A later start finds the job queue there and schedules nothing twice.
    const later = await instance(database.url);
    expect(await later.stores.deliveries.dueDeliveries(Date.now(), 10, 2)).toEqual([]);
    await later.close();
  });
});

describe('a retry the job queue hands out before the API’s clock says it is due', () => {
  // The API's clock ten minutes behind the database's, by which pg-boss hands jobs out: every
  // retry's job is handed out at once, before its row is due by the clock that claims it.
  const clock = testClock(Date.now() - 10 * 60_000);
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  let server: Awaited<ReturnType<typeof reviewServer>>;
  beforeAll(async () => {
    sink = await startMailSink();
    const postgres = TEST_DATABASES.find((one) => one.name === 'PostgreSQL');
    if (!postgres) throw new Error('No PostgreSQL among the test databases');
    server = await reviewServer(postgres, [], { now: clock.now }, { SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await server.close();
    await sink.stop();
  });

  it('is kept until then, not dropped: the message goes out once the API’s clock reaches it', async () => {
    const { url, app } = server.server;
    sink.refuseNext(1);
    await invite(url, clock.now(), { email: 'early@mail.example' });
    await app.deliverySender.runDue();
    // The first try was refused; its retry, 30 s later by the API's clock, is handed out now.
    await app.deliverySender.runDue();
    expect(sink.to('early@mail.example')).toEqual([]);

    clock.advance(31_000);
    await app.deliverySender.runDue();
    expect(sink.to('early@mail.example')).toHaveLength(1);
    const [delivery] = await server.stores.deliveries.deliveriesOf('lumenvault', 5);
    expect(delivery).toMatchObject({ state: 'sent', attempts: 2 });
  });
});
