import type { PeriodicTask } from '../jobs/periodic-tasks.ts';
import type { UploadStore } from '../storage/uploads/upload-store.ts';
import type { VideoStore } from '../storage/videos/video-store.ts';

const HOUR_MS = 60 * 60_000;
/** An upload not finished a day after it began is given up: the take stays on the candidate's machine. */
export const UPLOAD_EXPIRES_AFTER_MS = 24 * HOUR_MS;
const BATCH = 100;

/**
 * Every hour (and at start): unfinished uploads older than a day are deleted, their bytes and
 * their record, so abandoned uploads never pile up. The video section keeps each take in the
 * browser until the server has it whole, and starts a new upload if the old one is gone. Copies
 * that no record names and nothing wrote to for a day go too, in the uploads folder and in the
 * bucket, as no erasure can reach them: an upload begun while its session was being erased
 * outlives the erasure's rows, and a crash between two steps or a delete that failed leaves an
 * object behind. An upload's record is written before its first byte, so no upload in progress is
 * without one.
 */
export function staleUploadsTask({ uploads, videos }: { uploads: UploadStore; videos: VideoStore }): PeriodicTask {
  return {
    name: 'stale-uploads',
    everyMs: HOUR_MS,
    async run(now) {
      for (;;) {
        const stale = await uploads.unfinishedUploadsBefore(now - UPLOAD_EXPIRES_AFTER_MS, BATCH);
        for (const uploadId of stale) {
          await videos.remove(uploadId);
          await uploads.forgetVideoUpload(uploadId);
        }
        if (stale.length < BATCH) break;
      }
      for await (const written of videos.uploadsWrittenBefore(now - UPLOAD_EXPIRES_AFTER_MS, BATCH)) {
        for (const uploadId of await uploads.unrecordedUploads(written)) {
          await videos.erase(uploadId);
        }
      }
    },
  };
}
