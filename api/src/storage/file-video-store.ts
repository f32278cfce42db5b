import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { VideoStore } from './video-store.ts';

/** Upload ids are made by the server (see `newUploadId`); anything else never reaches the disk. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

async function fsyncPath(target: string): Promise<void> {
  const handle = await fsp.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Videos as files under `DATA_DIR/videos`: `<id>` holds the bytes, `<id>.json` the tus upload record. */
export function createFileVideoStore(dataDir: string): VideoStore {
  const directory = path.join(dataDir, 'videos');
  fs.mkdirSync(directory, { recursive: true });
  const datastore = new FileStore({ directory });

  function fileOf(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new Error(`Not an upload id: ${JSON.stringify(uploadId)}`);
    return path.join(directory, uploadId);
  }

  return {
    datastore,

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

    read(uploadId, range) {
      return fs.createReadStream(fileOf(uploadId), range ?? {});
    },

    async persist(uploadId) {
      // The tus file store never fsyncs; an upload counts as complete only once it is on the disk.
      await fsyncPath(fileOf(uploadId));
      await fsyncPath(`${fileOf(uploadId)}.json`);
      await fsyncPath(directory);
    },

    async remove(uploadId) {
      await datastore.remove(uploadId);
    },
  };
}
