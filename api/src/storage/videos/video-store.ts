import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/server';
import type { VideoContentType } from '../../video/magic-bytes.ts';

/**
 * Where uploaded videos live. Uploads in progress are always tus's files in a folder (with several
 * instances, a volume they all mount); a finished video stays there (`file-video-store.ts`) or moves
 * to S3-compatible object storage (`s3-video-store.ts`). The routes see only this interface.
 */
export interface VideoStore {
  /** What the tus server writes uploads in progress through. */
  readonly datastore: DataStore;
  /** Bytes of an upload in progress (or just finished), as tus has stored them. */
  readAt(uploadId: string, position: number, length: number): Promise<Buffer>;
  /** Bytes stored so far, or undefined when there is no such upload. */
  size(uploadId: string): Promise<number | undefined>;
  /** Makes a finished upload durable where finished videos are kept, before it is recorded as complete. */
  persist(uploadId: string, contentType: VideoContentType): Promise<void>;
  /** After the finished upload is recorded: frees what was kept of it only for the upload. */
  release(uploadId: string): Promise<void>;
  /** A finished video, whole or a range (`end` inclusive, as in HTTP); rejects when it cannot be read. */
  read(uploadId: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Deletes an upload refused before it finished. */
  remove(uploadId: string): Promise<void>;
  /**
   * Deletes every copy of an upload, finished or not (an erasure): the folder's bytes and tus
   * record, and the bucket's object. A copy that is not there is not an error.
   */
  erase(uploadId: string): Promise<void>;
  /**
   * Uploads of which some copy this store keeps (bytes in the uploads folder, an object in the
   * bucket) was last written before `before` (ms since the epoch), in pages of at most `pageSize`
   * read as they are asked for: a sweep of a bucket of any size holds one page at a time.
   */
  uploadsWrittenBefore(before: number, pageSize: number): AsyncIterable<string[]>;
  /** Resolves when the storage can be reached and written (the health check). */
  probe(): Promise<void>;
}
