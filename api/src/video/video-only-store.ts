import type { Readable } from 'node:stream';
import { DataStore, type Upload } from '@tus/server';
import { SNIFF_BYTES, sniffVideoType } from './magic-bytes.ts';

export const NOT_A_VIDEO = { status_code: 415, body: 'The upload is not a WebM or MP4 video' };

/**
 * Wraps the real store so an upload is checked by its content as soon as its first bytes are in:
 * a file that is not a video is deleted and refused without waiting for the rest of it.
 */
export class VideoOnlyStore extends DataStore {
  constructor(
    private readonly inner: DataStore,
    private readonly readHead: (uploadId: string) => Promise<Buffer>,
    private readonly onRefused: (uploadId: string) => Promise<void>,
  ) {
    super();
    this.extensions = inner.extensions;
  }

  override create(upload: Upload): Promise<Upload> {
    return this.inner.create(upload);
  }

  override remove(uploadId: string): Promise<void> {
    return this.inner.remove(uploadId);
  }

  override async write(stream: Readable, uploadId: string, offset: number): Promise<number> {
    const end = await this.inner.write(stream, uploadId, offset);
    if (offset < SNIFF_BYTES && end >= SNIFF_BYTES && !sniffVideoType(await this.readHead(uploadId))) {
      await this.onRefused(uploadId);
      throw NOT_A_VIDEO;
    }
    return end;
  }

  override getUpload(uploadId: string): Promise<Upload> {
    return this.inner.getUpload(uploadId);
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
