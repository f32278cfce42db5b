import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/server';

/**
 * Where uploaded videos live, behind one interface so S3-compatible object storage (with
 * `@tus/s3-store`) can replace the local folder without touching the routes.
 */
export interface VideoStore {
  /** What the tus server writes uploads through. */
  readonly datastore: DataStore;
  readAt(uploadId: string, position: number, length: number): Promise<Buffer>;
  /** Bytes stored so far, or undefined when there is no such upload. */
  size(uploadId: string): Promise<number | undefined>;
  /** `end` is inclusive, as in an HTTP Range. */
  read(uploadId: string, range?: { start: number; end: number }): Readable;
  /** Makes a finished upload durable before it is recorded as complete. */
  persist(uploadId: string): Promise<void>;
  remove(uploadId: string): Promise<void>;
}
