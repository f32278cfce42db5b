import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { S3Settings } from '../../config.ts';
import { createS3Client, isMissing, loadS3Sdk } from '../videos/s3-video-store.ts';

/**
 * The files of every release, each stored once by the SHA-256 of its bytes: a file two releases
 * share (or one release sent twice) is kept once, and a stored file never changes, so nothing a
 * candidate's browser already holds is ever overwritten. A release is the database's list of its
 * paths and hashes (`release-store.ts`); a file is only ever added before that list, so an upload
 * cut short leaves at most files that no release names, which `unnamedBefore` finds.
 */
export interface ReleaseBlobStore {
  /** Where, in words, for log lines and the commands. */
  readonly where: string;
  has(hash: string): Promise<boolean>;
  /** Stores `bytes` under `hash` (their SHA-256), whole or not at all; a hash already stored is left as it is. */
  put(hash: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when no file of that hash is stored. */
  read(hash: string): Promise<Buffer | undefined>;
  remove(hash: string): Promise<void>;
  /** Every stored hash with when it was written (ms since the epoch), a page at a time. */
  list(): AsyncIterable<{ hash: string; writtenAt: number }[]>;
  /** Deletes what writes cut short by a crash left, begun before `before`. */
  removeUnfinished(before: number): Promise<void>;
}

const HASH = /^[0-9a-f]{64}$/;

export function isBlobHash(value: string): boolean {
  return HASH.test(value);
}

/**
 * On disk: `<folder>/blobs/ab/abcdef…`, written to a temporary file, flushed and renamed into
 * place, so a file under its hash is always whole, even after a crash mid-write.
 */
export function createFileReleaseBlobs(folder: string): ReleaseBlobStore & { close(): void } {
  const blobs = path.join(folder, 'blobs');
  const incoming = path.join(folder, 'incoming');
  const fileOf = (hash: string) => {
    if (!isBlobHash(hash)) throw new Error(`Not a release file hash: ${hash}`);
    return path.join(blobs, hash.slice(0, 2), hash);
  };
  return {
    where: folder,
    close: () => {},
    async has(hash) {
      return (await fsp.stat(fileOf(hash)).catch(() => undefined))?.isFile() ?? false;
    },
    async put(hash, bytes) {
      const target = fileOf(hash);
      if (fs.existsSync(target)) return;
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.mkdir(incoming, { recursive: true });
      const temporary = path.join(incoming, `${hash}.${randomBytes(6).toString('hex')}`);
      const handle = await fsp.open(temporary, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(temporary, target);
    },
    async read(hash) {
      return fsp.readFile(fileOf(hash)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
    },
    async remove(hash) {
      await fsp.rm(fileOf(hash), { force: true });
    },
    async *list() {
      const names = await fsp.readdir(blobs, { recursive: true }).catch(() => [] as string[]);
      const page: { hash: string; writtenAt: number }[] = [];
      for (const name of names) {
        const hash = path.basename(name);
        if (!isBlobHash(hash)) continue;
        const stat = await fsp.stat(path.join(blobs, name)).catch(() => undefined);
        if (stat?.isFile()) page.push({ hash, writtenAt: stat.mtimeMs });
      }
      if (page.length > 0) yield page;
    },
    async removeUnfinished(before) {
      const names = await fsp.readdir(incoming).catch(() => [] as string[]);
      for (const name of names) {
        const full = path.join(incoming, name);
        const stat = await fsp.stat(full).catch(() => undefined);
        if (stat && stat.mtimeMs < before) await fsp.rm(full, { force: true });
      }
    },
  };
}

const KEY_PREFIX = 'releases/blobs/';

/**
 * In the bucket (`S3_BUCKET`), under `releases/blobs/<hash>`: a PutObject is stored whole or not
 * at all, so there is nothing half written to sweep. Every instance reads the same files.
 */
export async function createS3ReleaseBlobs(settings: S3Settings): Promise<ReleaseBlobStore & { close(): void }> {
  const client = await createS3Client(settings);
  const sdk = await loadS3Sdk();
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } = sdk;
  const Bucket = settings.bucket;
  const keyOf = (hash: string) => {
    if (!isBlobHash(hash)) throw new Error(`Not a release file hash: ${hash}`);
    return `${KEY_PREFIX}${hash}`;
  };
  async function has(hash: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(hash) }));
      return true;
    } catch (error) {
      if (isMissing(sdk, error)) return false;
      throw error;
    }
  }
  return {
    where: `the bucket ${Bucket}`,
    has,
    async put(hash, bytes) {
      if (await has(hash)) return;
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(hash), Body: bytes, ContentLength: bytes.length }));
    },
    async read(hash) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(hash) }));
        return Buffer.from(
          await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
        );
      } catch (error) {
        if (isMissing(sdk, error)) return undefined;
        throw error;
      }
    },
    async remove(hash) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(hash) }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: KEY_PREFIX, ContinuationToken }));
        const page = (listed.Contents ?? []).flatMap((object) => {
          const hash = (object.Key ?? '').slice(KEY_PREFIX.length);
          return isBlobHash(hash) ? [{ hash, writtenAt: object.LastModified?.getTime() ?? 0 }] : [];
        });
        if (page.length > 0) yield page;
        ContinuationToken = listed.IsTruncated ? listed.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async removeUnfinished() {},
    close: () => client.destroy(),
  };
}
