import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ratingText, type SectionRegistry } from '@assessment/core';
import { sectionRecordCells, sectionRecordColumns } from '../admin/section-records.ts';
import { currentVideo, describeSession, type SessionView, videoExtension } from '../admin/session-view.ts';
import type { SessionCursor, SessionRecord, SessionStore } from '../storage/sessions/session-store.ts';
import type { StoredVideo } from '../storage/uploads/upload-store.ts';
import type { VideoStore } from '../storage/videos/video-store.ts';
import { type Cell, csvLine } from './csv.ts';

const EXPORT_PAGE_SIZE = 200;
/**
 * The CSV download's page: small enough that reading and writing one holds the event loop for a
 * few milliseconds (`pnpm bench api` measures the longest wait of /api/health during an export).
 */
const CSV_PAGE_SIZE = 10;

const videoFile = (record: SessionRecord, video: StoredVideo) =>
  `videos/${record.sessionId}${videoExtension(video.contentType)}`;

const CSV_HEADER = [
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

function csvRow(view: SessionView, sections: SectionRegistry): Cell[] {
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
    view.answers?.html[0],
    view.answers?.html[1],
    view.answers?.html[2],
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
    ...sectionRecordCells(view, sections),
  ];
}

/**
 * One test's sessions as the export's CSV, page by page, for a download that never holds them all
 * in memory nor the event loop for long; `videoLink` says where each finished video downloads
 * from. `beforePage` runs before each page's candidates are written (the access log), and a
 * failure there ends the download.
 */
export async function* testSessionsCsv(
  store: SessionStore,
  videos: VideoStore,
  testId: string,
  videoLink: (record: SessionRecord, video: StoredVideo) => string,
  beforePage: (records: SessionRecord[]) => Promise<void>,
  sections: SectionRegistry,
): AsyncGenerator<string> {
  yield csvLine(csvHeader(sections));
  let after: SessionCursor | undefined;
  do {
    // A read of the in-process database is synchronous: without this turn, one page would follow
    // the next with every other request waiting until the whole download is written.
    await nextTurn();
    const page = await store.listSessions({ testId, limit: CSV_PAGE_SIZE, ...(after ? { after } : {}) });
    await beforePage(page.sessions);
    const rows = await Promise.all(page.sessions.map((record) => describeSession(record, videos, videoLink, sections)));
    yield rows.map((view) => csvLine(csvRow(view, sections))).join('');
    after = page.next;
  } while (after);
}

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
