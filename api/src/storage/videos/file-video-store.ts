import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { VideoStore } from './video-store.ts';

/** Upload ids are made by the server (see `newUploadId`); anything else never reaches the disk. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

export const isUploadId = (name: string) => UPLOAD_ID.test(name);

async function fsyncPath(target: string): Promise<void> {
  const handle = await fsp.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** tus's uploads in a folder: `<id>` holds the bytes, `<id>.json` the tus upload record. */
export interface UploadsFolder {
  readonly directory: string;
  readonly datastore: FileStore;
  fileOf(uploadId: string): string;
  readAt(uploadId: string, position: number, length: number): Promise<Buffer>;
  /** Bytes in the folder, or undefined when it holds no such upload. */
  size(uploadId: string): Promise<number | undefined>;
  /** Resolves when the folder can be written. */
  probe(): Promise<void>;
  /** Removes the upload's bytes and tus record, whatever state they are in. */
  erase(uploadId: string): Promise<void>;
  /** The uploads whose bytes in the folder were last written before `before` (ms since the epoch), in pages. */
  uploadsWrittenBefore(before: number, pageSize: number): AsyncIterable<string[]>;
}

export function openUploadsFolder(directory: string): UploadsFolder {
  fs.mkdirSync(directory, { recursive: true });

  function fileOf(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new Error(`Not an upload id: ${JSON.stringify(uploadId)}`);
    return path.join(directory, uploadId);
  }

  return {
    directory,
    datastore: new FileStore({ directory }),
    fileOf,

    async readAt(uploadId, position, length) {
      const handle = await fsp.open(fileOf(uploadId), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, position);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async size(uploadId) {
      const stats = await fsp.stat(fileOf(uploadId)).catch(() => undefined);
      return stats?.isFile() ? stats.size : undefined;
    },

    probe: () => fsp.access(directory, fs.constants.W_OK),

    async erase(uploadId) {
      await fsp.rm(fileOf(uploadId), { force: true });
      await fsp.rm(`${fileOf(uploadId)}.json`, { force: true });
    },

    async *uploadsWrittenBefore(before, pageSize) {
      let page: string[] = [];
      for (const name of await fsp.readdir(directory)) {
        if (!UPLOAD_ID.test(name)) continue;
        const stats = await fsp.stat(path.join(directory, name)).catch(() => undefined);
        if (stats?.isFile() && stats.mtimeMs < before) page.push(name);
        if (page.length === pageSize) {
          yield page;
          page = [];
        }
      }
      if (page.length > 0) yield page;
    },
  };
}

/** Videos as files in one folder (`DATA_DIR/videos` unless `UPLOADS_DIR`): they stay where tus wrote them. */
export function createFileVideoStore(directory: string): VideoStore {
  const folder = openUploadsFolder(directory);
  return {
    datastore: folder.datastore,
    readAt: folder.readAt,
    size: folder.size,

    async read(uploadId, range) {
      const stream = fs.createReadStream(folder.fileOf(uploadId), range ?? {});
      // Opening is asynchronous; a missing file must reject here, before any header is sent.
      await once(stream, 'open');
      return stream;
    },

    async persist(uploadId) {
      // The tus file store never fsyncs; an upload counts as complete only once it is on the disk.
      await fsyncPath(folder.fileOf(uploadId));
      await fsyncPath(`${folder.fileOf(uploadId)}.json`);
      await fsyncPath(directory);
    },

    async release() {
      // The finished video is this very file.
    },

    async remove(uploadId) {
      await folder.datastore.remove(uploadId);
    },

    erase: folder.erase,

    uploadsWrittenBefore: folder.uploadsWrittenBefore,

    probe: folder.probe,
  };
}
