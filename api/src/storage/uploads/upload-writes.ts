import { defineWrites } from '../db/database.ts';
import { queueWebhook } from '../deliveries/delivery-store.ts';
import { writeOfSession } from '../sessions/session-writes.ts';
import type { VideoUploadFinish, VideoUploadStart } from './upload-store.ts';

export const uploadWrites = defineWrites({
  /** A repeat of the same upload id changes nothing. */
  async startVideoUpload(context, start: VideoUploadStart): Promise<void> {
    return writeOfSession(context, start, async () => {
      await context.db
        .insertInto('videos')
        .values({
          upload_id: start.uploadId,
          session_id: start.sessionId,
          recording_id: start.recordingId,
          declared_type: start.declaredType === null ? null : JSON.stringify(start.declaredType),
          created_at: start.receivedAt,
        })
        .onConflict((conflict) => conflict.column('upload_id').doNothing())
        .execute();
    });
  },

  async finishVideoUpload({ atomically, deliveryJobs }, finish: VideoUploadFinish): Promise<boolean> {
    return atomically(async (db) => {
      const video = await db
        .updateTable('videos')
        .set({
          bytes: finish.bytes,
          content_type: finish.contentType,
          duration_seconds: finish.durationSeconds,
          completed_at: finish.completedAt,
        })
        .where('upload_id', '=', finish.uploadId)
        .returning('session_id')
        .executeTakeFirst();
      const session =
        video &&
        (await db
          .selectFrom('sessions')
          .select('test_id')
          .where('session_id', '=', video.session_id)
          .executeTakeFirst());
      if (!video || !session) return false;
      await queueWebhook(db, deliveryJobs, {
        type: 'video.received',
        testId: session.test_id,
        cause: finish.uploadId,
        data: { sessionId: video.session_id },
        sessionId: video.session_id,
        invitationId: null,
        at: finish.completedAt,
      });
      return true;
    });
  },

  async forgetVideoUpload({ db }, uploadId: string): Promise<void> {
    await db.deleteFrom('videos').where('upload_id', '=', uploadId).execute();
  },
});
