import type { Migration } from 'kysely';

/**
 * A company's queued deliveries, counted each time one of its messages is scheduled where a job
 * queue hands them out by priority (`DeliveryJobs` in `database.ts`), inside the write that queues it:
 * read from this index, the count costs the company's queued rows alone, not every message it was
 * ever sent.
 */
export const queuedByCompany = (): Migration => ({
  async up(db) {
    await db.schema
      .createIndex('deliveries_by_company_state')
      .on('deliveries')
      .columns(['company_id', 'state'])
      .execute();
  },
});
