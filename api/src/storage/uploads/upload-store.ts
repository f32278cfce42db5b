import type { Selectable } from 'kysely';
import type { VideosTable } from '../db/schema.ts';
import type { Storage } from '../db/storage.ts';
import type { SessionRef } from '../sessions/session-store.ts';

/**
 * The record of each video upload of a session: begun when tus creates it, finished once its
 * bytes are where finished videos are kept (`videos/`). The bytes themselves are not here.
 */

export interface VideoUploadStart extends SessionRef {
  uploadId: string;
  recordingId: string | null;
  declaredType: string | null;
}

export interface VideoUploadFinish {
  uploadId: string;
  bytes: number;
  /** Decided from the file's first bytes. */
  contentType: string;
  /** From the file's header, else as measured by the browser, else unknown. */
  durationSeconds: number | null;
  completedAt: number;
}

export interface StoredVideo {
  uploadId: string;
  recordingId: string | null;
  declaredType: string | null;
  contentType: string | null;
  bytes: number | null;
  durationSeconds: number | null;
  createdAt: number;
  completedAt: number | null;
}

export interface UploadStore {
  startVideoUpload(start: VideoUploadStart): Promise<void>;
  /** False when the upload's record is gone: its session was erased while its bytes were stored. */
  finishVideoUpload(finish: VideoUploadFinish): Promise<boolean>;
  /** For an upload refused after it began (its content is not a video). */
  forgetVideoUpload(uploadId: string): Promise<void>;
  /** The session an upload belongs to, if there is such an upload. */
  sessionOfVideoUpload(uploadId: string): Promise<string | undefined>;
  /** The session's uploads not finished yet, oldest first. */
  unfinishedUploadsOf(sessionId: string): Promise<string[]>;
  /** The session's finished uploads, in the order they finished. */
  finishedUploadsOf(sessionId: string): Promise<string[]>;
  /** Those of `uploadIds` that no upload record names. */
  unrecordedUploads(uploadIds: readonly string[]): Promise<string[]>;
  /** Up to `limit` unfinished uploads of any session begun before `before`, oldest first. */
  unfinishedUploadsBefore(before: number, limit: number): Promise<string[]>;
}

export type VideoRow = Omit<Selectable<VideosTable>, 'session_id'>;

export function toStoredVideo(row: VideoRow): StoredVideo {
  return {
    uploadId: row.upload_id,
    recordingId: row.recording_id,
    declaredType: row.declared_type === null ? null : JSON.parse(row.declared_type),
    contentType: row.content_type,
    bytes: row.bytes,
    durationSeconds: row.duration_seconds,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

export function createUploadStore({ reads: db, write }: Storage): UploadStore {
  return {
    startVideoUpload: (start) => write('startVideoUpload', start),
    finishVideoUpload: (finish) => write('finishVideoUpload', finish),
    forgetVideoUpload: (uploadId) => write('forgetVideoUpload', uploadId),
    async sessionOfVideoUpload(uploadId) {
      const row = await db
        .selectFrom('videos')
        .select('session_id')
        .where('upload_id', '=', uploadId)
        .executeTakeFirst();
      return row?.session_id;
    },
    async unfinishedUploadsOf(sessionId) {
      const rows = await db
        .selectFrom('videos')
        .select('upload_id')
        .where('session_id', '=', sessionId)
        .where('completed_at', 'is', null)
        .orderBy('created_at')
        .orderBy('upload_id')
        .execute();
      return rows.map((row) => row.upload_id);
    },
    async finishedUploadsOf(sessionId) {
      const rows = await db
        .selectFrom('videos')
        .select('upload_id')
        .where('session_id', '=', sessionId)
        .where('completed_at', 'is not', null)
        .orderBy('completed_at')
        .orderBy('upload_id')
        .execute();
      return rows.map((row) => row.upload_id);
    },
    async unrecordedUploads(uploadIds) {
      if (uploadIds.length === 0) return [];
      const rows = await db.selectFrom('videos').select('upload_id').where('upload_id', 'in', uploadIds).execute();
      const recorded = new Set(rows.map((row) => row.upload_id));
      return uploadIds.filter((uploadId) => !recorded.has(uploadId));
    },
    async unfinishedUploadsBefore(before, limit) {
      const rows = await db
        .selectFrom('videos')
        .select('upload_id')
        .where('completed_at', 'is', null)
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.upload_id);
    },
  };
}
