import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FileStore } from '@tus/file-store';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { S3Settings } from '../../config.ts';
import { isUploadId, openUploadsFolder } from './file-video-store.ts';
import type { VideoStore } from './video-store.ts';

/**
 * Parts of the managed upload: at most PART_BYTES × PARTS_IN_FLIGHT of a video is in memory at
 * once, per video being moved, plus the part being filled. 5 MiB is the smallest part S3 accepts;
 * it keeps a 200 MB video's move within the memory goal of bench/README.md (8 MiB parts did not)
 * and any video under 48 GiB within S3's 10,000 parts.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

const KEY_PREFIX = 'videos/';
const objectKey = (uploadId: string) => `${KEY_PREFIX}${uploadId}`;
/** The upload a key of this store's names; undefined for any other key, which the bucket may share. */
function uploadIdOfKey(key: string): string | undefined {
  const uploadId = key.slice(KEY_PREFIX.length);
  return key.startsWith(KEY_PREFIX) && isUploadId(uploadId) ? uploadId : undefined;
}

/**
 * The SDK, loaded once a process uses a bucket rather than when it starts: a process without
 * `S3_BUCKET` (the default, and each command run beside the server) never spends its load.
 */
export const loadS3Sdk = () => import('@aws-sdk/client-s3');

/** Whether `error`, from the SDK `sdk`, says the object is not there. */
export function isMissing({ NoSuchKey, NotFound }: Awaited<ReturnType<typeof loadS3Sdk>>, error: unknown): boolean {
  return error instanceof NotFound || error instanceof NoSuchKey;
}

export async function createS3Client(settings: S3Settings): Promise<S3Client> {
  const { S3Client } = await loadS3Sdk();
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // The SDK's default sends streamed bodies as `aws-chunked` with a trailing checksum, which
    // several S3-compatible servers, s3rver among them, store verbatim, framing and all.
    // Checksums only where the API demands them: each part of the managed upload is still signed
    // with its SHA-256 over plain HTTP, and the stored size is checked after every move.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5000 },
  });
}

/**
 * The tus file store, except that an upload whose bytes have moved to the bucket still answers a
 * HEAD as complete: a client that lost the answer to its last PATCH asks again, and must not be
 * told its upload is gone.
 */
class MovedUploadsStore extends DataStore {
  constructor(
    private readonly inner: FileStore,
    private readonly storedSize: (uploadId: string) => Promise<number | undefined>,
  ) {
    super();
    this.extensions = inner.extensions;
  }

  override async getUpload(uploadId: string): Promise<Upload> {
    try {
      return await this.inner.getUpload(uploadId);
    } catch (error) {
      if (error !== ERRORS.FILE_NO_LONGER_EXISTS) throw error;
      const record = await this.inner.configstore.get(uploadId);
      const size = await this.storedSize(uploadId);
      if (!record || size === undefined || record.size !== size) throw error;
      return new Upload({
        id: uploadId,
        size,
        offset: size,
        metadata: record.metadata,
        creation_date: record.creation_date,
      });
    }
  }

  override create(upload: Upload): Promise<Upload> {
    return this.inner.create(upload);
  }

  override remove(uploadId: string): Promise<void> {
    return this.inner.remove(uploadId);
  }

  override write(stream: Readable, uploadId: string, offset: number): Promise<number> {
    return this.inner.write(stream, uploadId, offset);
  }

  override declareUploadLength(uploadId: string, length: number): Promise<void> {
    return this.inner.declareUploadLength(uploadId, length);
  }

  override deleteExpired(): Promise<number> {
    return this.inner.deleteExpired();
  }

  override getExpiration(): number {
    return this.inner.getExpiration();
  }
}

/**
 * Finished videos in S3-compatible object storage (`S3_BUCKET`). Uploads in progress stay tus
 * files in `directory`, a volume every instance mounts (what tus documents for several
 * instances); each finished one moves to the bucket through the SDK's managed upload, which needs
 * only what every S3-compatible server has: PutObject and multipart create, upload-part, complete.
 */
export async function createS3VideoStore(
  settings: S3Settings,
  directory: string,
  given?: S3Client,
): Promise<VideoStore> {
  const client = given ?? (await createS3Client(settings));
  const sdk = await loadS3Sdk();
  const { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command } = sdk;
  const { Upload: ManagedUpload } = await import('@aws-sdk/lib-storage');
  const folder = openUploadsFolder(directory);
  const Bucket = settings.bucket;

  async function storedSize(uploadId: string): Promise<number | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(uploadId) }));
      return head.ContentLength;
    } catch (error) {
      if (isMissing(sdk, error)) return undefined;
      throw error;
    }
  }

  return {
    datastore: new MovedUploadsStore(folder.datastore, storedSize),
    readAt: folder.readAt,

    async size(uploadId) {
      return (await folder.size(uploadId)) ?? (await storedSize(uploadId));
    },

    async persist(uploadId, contentType) {
      const file = folder.fileOf(uploadId);
      const { size } = await fsp.stat(file);
      await new ManagedUpload({
        client,
        params: { Bucket, Key: objectKey(uploadId), Body: fs.createReadStream(file), ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      }).done();
      const stored = await storedSize(uploadId);
      if (stored !== size) throw new Error(`Object storage holds ${stored} bytes of upload ${uploadId}, not ${size}`);
    },

    async release(uploadId) {
      // The tus record (<id>.json) stays, so a HEAD still finds the upload; the bytes are in the bucket.
      await fsp.rm(folder.fileOf(uploadId), { force: true });
    },

    async read(uploadId, range) {
      const { Body, ContentLength } = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: objectKey(uploadId),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const body = Body as Readable;
      // The caller has promised the client exactly these bytes; a server that answers other ones
      // (s3rver sends the whole object for `bytes=0-0`) must not turn into a corrupt response.
      if (range && ContentLength !== range.end - range.start + 1) {
        body.destroy();
        throw new Error(
          `Object storage answered ${ContentLength} bytes for ${range.start}-${range.end} of ${uploadId}`,
        );
      }
      return body;
    },

    async remove(uploadId) {
      await folder.datastore.remove(uploadId);
    },

    async erase(uploadId) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(uploadId) }));
      await folder.erase(uploadId);
    },

    async *uploadsWrittenBefore(before, pageSize) {
      yield* folder.uploadsWrittenBefore(before, pageSize);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: KEY_PREFIX, MaxKeys: pageSize, ContinuationToken }),
        );
        yield (page.Contents ?? []).flatMap(({ Key, LastModified }) => {
          const uploadId = Key === undefined ? undefined : uploadIdOfKey(Key);
          return uploadId !== undefined && LastModified !== undefined && LastModified.getTime() < before
            ? [uploadId]
            : [];
        });
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async probe() {
      await Promise.all([client.send(new HeadBucketCommand({ Bucket })), folder.probe()]);
    },
  };
}
