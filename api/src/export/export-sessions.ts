import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { ratingText, type SectionRegistry } from '@assessment/core';
import { sectionRecordCells, sectionRecordColumns } from '../admin/section-records.ts';
import { currentVideo, describeSession, type SessionView, videoExtension } from '../admin/session-view.ts';
import type { SessionCursor, SessionRecord, SessionStore } from '../storage/sessions/session-store.ts';
import type { StoredVideo } from '../storage/uploads/upload-store.ts';
import type { VideoStore } from '../storage/videos/video-store.ts';
import { type Cell, csvLine } from './csv.ts';

const EXPORT_PAGE_SIZE = 200;
const videoFile = (record: SessionRecord, video: StoredVideo) =>
  `videos/${record.sessionId}${videoExtension(video.contentType)}`;

export const CSV_HEADER = [
  'sessionId',
  'testId',
  'companyName',
  'roleName',
  'startedAt',
  'email',
  'fullName',
  'workExperience',
  'social',
  'socialLink',
  'os',
  'browser',
  'screen',
  'answer1',
  'answer2',
  'answer3',
  'answersReceivedAt',
  'answersFinal',
  'answersLate',
  'tabSwitches',
  'switchesQ1',
  'switchesQ2',
  'switchesQ3',
  'pastesQ1',
  'pastesQ2',
  'pastesQ3',
  'pastedCharsQ1',
  'pastedCharsQ2',
  'pastedCharsQ3',
  'deviceChecks',
  'lastDeviceCheckResult',
  'quizCompletedAt',
  'videoFile',
  'videoBytes',
  'videoContentType',
  'videoDurationSeconds',
  'noVideoReason',
  'feedbackRating',
  'feedback',
  'answersFinalReason',
  'invitationId',
  // Added after the columns above, so that a company's sheet reading them by position still does.
  'quizStartedAt',
];

/** The columns of every session, then one per field of each section that keeps a record. */
const csvHeader = (sections: SectionRegistry) => [...CSV_HEADER, ...sectionRecordColumns(sections)];

/**
 * A session's cells under `CSV_HEADER`; `answer` writes each answer's stored HTML as its cell
 * (the operator's export keeps the HTML, the review page's writes plain text).
 */
export function sessionCells(view: SessionView, answer: (html: string) => string = (html) => html): Cell[] {
  const registration = view.registration;
  const perQuestion = view.proctoring?.perQuestion;
  const pastes = (index: number) => {
    const question = perQuestion?.[index];
    return question ? question.pastes.length + question.droppedPastes : null;
  };
  const pastedChars = (index: number) => perQuestion?.[index]?.pastes.reduce((sum, paste) => sum + paste.chars, 0);
  const device = registration?.deviceInfo;
  return [
    view.sessionId,
    view.testId,
    view.test?.companyName,
    view.test?.roleName,
    view.startedAt,
    registration?.email,
    registration?.fullName,
    registration?.workExperience,
    registration?.social,
    registration?.socialLink,
    device ? `${device.os.name} ${device.os.version}`.trim() : null,
    device ? `${device.browser.name} ${device.browser.version}`.trim() : null,
    device?.screen,
    ...[0, 1, 2].map((index) => {
      const html = view.answers?.html[index];
      return html === undefined ? undefined : answer(html);
    }),
    view.answers?.receivedAt,
    view.answers?.final,
    view.answers?.late,
    view.proctoring?.tabSwitches,
    perQuestion?.[0].switches,
    perQuestion?.[1].switches,
    perQuestion?.[2].switches,
    pastes(0),
    pastes(1),
    pastes(2),
    pastedChars(0),
    pastedChars(1),
    pastedChars(2),
    view.deviceChecks.length,
    view.deviceChecks.at(-1)?.result,
    view.quizCompletedAt,
    view.video?.download,
    view.video?.bytes,
    view.video?.contentType,
    view.video?.durationSeconds,
    view.noVideo?.reason,
    view.feedback && ratingText(view.feedback.stars),
    view.feedback?.feedback,
    view.answers?.finalReason,
    view.invitationId,
    view.quizStartedAt,
  ];
}

const csvRow = (view: SessionView, sections: SectionRegistry): Cell[] => [
  ...sessionCells(view),
  ...sectionRecordCells(view, sections),
];

/** A file written a piece at a time, waiting whenever the disk is behind. */
function fileWriter(file: string) {
  const stream = fs.createWriteStream(file);
  return {
    async write(text: string): Promise<void> {
      if (!stream.write(text)) await once(stream, 'drain');
    },
    async close(): Promise<void> {
      stream.end();
      await finished(stream);
    },
  };
}

/**
 * Writes `sessions.json`, `sessions.csv` and `videos/<sessionId>.<ext>` (finished videos) into
 * `outDir`, page by page as the sessions are read, so no count of sessions is held in memory at
 * once; `beforePage` runs before each page of sessions is written (the access log).
 */
export async function exportSessions(
  store: SessionStore,
  videos: VideoStore,
  outDir: string,
  beforePage: (records: SessionRecord[]) => Promise<void>,
  sections: SectionRegistry,
) {
  await fsp.mkdir(path.join(outDir, 'videos'), { recursive: true });
  const json = fileWriter(path.join(outDir, 'sessions.json'));
  const csv = fileWriter(path.join(outDir, 'sessions.csv'));
  await json.write('{\n  "sessions": [');
  await csv.write(csvLine(csvHeader(sections)));
  let sessionCount = 0;
  let videoCount = 0;
  let after: SessionCursor | undefined;
  try {
    do {
      const page = await store.listSessions({ limit: EXPORT_PAGE_SIZE, ...(after ? { after } : {}) });
      await beforePage(page.sessions);
      for (const record of page.sessions) {
        const view = await describeSession(record, videos, videoFile, sections);
        const indented = JSON.stringify(view, null, 2).replaceAll('\n', '\n    ');
        await json.write(`${sessionCount === 0 ? '' : ','}\n    ${indented}`);
        await csv.write(csvLine(csvRow(view, sections)));
        sessionCount += 1;
        const video = currentVideo(record.videos);
        if (view.video?.download && video) {
          await pipeline(
            await videos.read(video.uploadId),
            fs.createWriteStream(path.join(outDir, view.video.download)),
          );
          videoCount += 1;
        }
      }
      after = page.next;
    } while (after);
    await json.write(`${sessionCount === 0 ? '' : '\n  '}]\n}\n`);
  } finally {
    await Promise.all([json.close(), csv.close()]);
  }
  return { sessions: sessionCount, videos: videoCount };
}
