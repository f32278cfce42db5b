import { sampleTestId } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, openPostgresStorage } from '../src/storage/db/postgres.ts';
import { storesOn } from '../src/storage/stores.ts';
import { createDatabase, type TestDatabase } from './databases.ts';

/** The stores of one API instance on the database, and how to close them. */
async function instance(url: string) {
  const postgres = openPostgres(url, () => {});
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
