import type { WriteArgs, WriteName, WriteResult } from '../writes.ts';
import type { Db, DeliveryJobs, Dialect } from './database.ts';

/**
 * One database as the stores use it: reads on this thread, and the named writes (`writes.ts`),
 * each resolved once it is durable.
 */
export interface Storage {
  reads: Db;
  /**
   * Reads whose best plan depends on their values, such as the Insights of a period that may be a
   * day or a year (`insights/insights-store.ts`): the database plans each run for its own values.
   * On PostgreSQL `reads` keeps every statement prepared (`postgres.ts`), and from a kept
   * statement's sixth run PostgreSQL may use one generic plan for any values, estimated without
   * them: the Insights' first statement then read 115,000 candidates by an index and sorted them
   * on disk, 380–630 ms where its plan for the values took 150–220 (`pnpm bench insights`). On
   * SQLite, `reads`.
   */
  plannedReads: Db;
  dialect: Dialect;
  /** The queue of the deliveries' attempts (`database.ts`). */
  deliveryJobs: DeliveryJobs;
  write<Name extends WriteName>(name: Name, ...args: WriteArgs<Name>): Promise<WriteResult<Name>>;
  close(): Promise<void>;
}
