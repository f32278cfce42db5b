import type { WriteArgs, WriteName, WriteResult } from '../writes.ts';
import type { Db, DeliveryJobs, Dialect } from './database.ts';

/**
 * One database as the stores use it: reads on this thread, and the named writes (`writes.ts`),
 * each resolved once it is durable.
 */
export interface Storage {
  reads: Db;
  dialect: Dialect;
  /** The queue of the deliveries' attempts (`database.ts`). */
  deliveryJobs: DeliveryJobs;
  write<Name extends WriteName>(name: Name, ...args: WriteArgs<Name>): Promise<WriteResult<Name>>;
  close(): Promise<void>;
}
