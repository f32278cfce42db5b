import type { FinalReason, SectionTroubleKind } from '@assessment/core';
import { sql } from 'kysely';
import { readByKey } from '../db/coalesced.ts';
import type { Db, Dialect } from '../db/database.ts';
import type { InvitationsTable } from '../db/schema.ts';
import { INVITATION_COLUMNS, toInvitation } from '../invitations/invitation-rows.ts';
import { parsePinned } from '../releases/release-store.ts';
import { toStoredVideo, type VideoRow } from '../uploads/upload-store.ts';
import type { KeyStanding } from './known-sessions.ts';
import type { SessionPage, SessionQuery, SessionRecord } from './session-store.ts';

/**
 * A session with every part of it, read in one statement (one round trip and one snapshot
 * however many tables a session spans): each part is a column of JSON text made by the database.
 */
function selectSessions(db: Db, dialect: Dialect) {
  return db
    .selectFrom('sessions as s')
    .select((eb) => [
      's.session_id',
      's.test_id',
      's.started_at',
      's.quiz_started_at',
      's.section_releases',
      's.preview_release_id',
      dialect
        .jsonObjectFrom(
          eb
            .selectFrom('registrations')
            .select(['payload', 'received_at', 'updated_at'])
            .whereRef('session_id', '=', 's.session_id'),
        )
        .as('registration'),
      dialect
        .jsonObjectFrom(
          eb
            .selectFrom('answers')
            .select([
              'answers',
              'proctoring',
              'revision',
              'saved_at',
              'received_at',
              'final',
              'submitted_at',
              'final_reason',
            ])
            .whereRef('session_id', '=', 's.session_id'),
        )
        .as('answers'),
      dialect
        .jsonObjectFrom(
          eb
            .selectFrom('quiz_completions')
            .select(['payload', 'received_at'])
            .whereRef('session_id', '=', 's.session_id'),
        )
        .as('quiz_complete'),
      dialect
        .jsonArrayFrom(
          eb
            .selectFrom('device_checks')
            .select(['check_id', 'facts', 'result', 'received_at'])
            .whereRef('session_id', '=', 's.session_id')
            .orderBy('received_at')
            .orderBy('check_id'),
        )
        .as('device_checks'),
      dialect
        .jsonArrayFrom(
          eb
            .selectFrom('videos')
            .select([
              'upload_id',
              'recording_id',
              'declared_type',
              'content_type',
              'bytes',
              'duration_seconds',
              'created_at',
              'completed_at',
            ])
            .whereRef('session_id', '=', 's.session_id')
            .orderBy('created_at')
            .orderBy('upload_id'),
        )
        .as('videos'),
      dialect
        .jsonObjectFrom(
          eb.selectFrom('video_skips').select(['reason', 'received_at']).whereRef('session_id', '=', 's.session_id'),
        )
        .as('video_skip'),
      dialect
        .jsonObjectFrom(
          eb
            .selectFrom('feedback')
            .select(['payload', 'received_at', 'updated_at'])
            .whereRef('session_id', '=', 's.session_id'),
        )
        .as('feedback'),
      dialect
        .jsonArrayFrom(
          eb
            .selectFrom('section_records')
            .select(['section_id', 'record', 'received_at', 'updated_at'])
            .whereRef('session_id', '=', 's.session_id')
            .orderBy('section_id'),
        )
        .as('section_records'),
      dialect
        .jsonArrayFrom(
          eb
            .selectFrom('section_troubles')
            .select(['trouble_id', 'section_id', 'kind', 'started_at', 'ended_at'])
            .whereRef('session_id', '=', 's.session_id')
            .orderBy('started_at')
            .orderBy('trouble_id'),
        )
        .as('section_troubles'),
      dialect
        .jsonObjectFrom(
          eb.selectFrom('invitations').select(INVITATION_COLUMNS).whereRef('session_id', '=', 's.session_id'),
        )
        .as('invitation'),
    ]);
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof selectSessions>['executeTakeFirstOrThrow']>>;

const parsed = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));

interface PayloadPart {
  payload: string;
  received_at: number;
  updated_at: number;
}

function updatedPayload(part: PayloadPart | null) {
  return part && { payload: JSON.parse(part.payload), receivedAt: part.received_at, updatedAt: part.updated_at };
}

function toSessionRecord(row: SessionRow): SessionRecord {
  const answers = parsed<{
    answers: string;
    proctoring: string;
    revision: number;
    saved_at: number;
    received_at: number;
    final: number | boolean;
    submitted_at: number | null;
    final_reason: FinalReason | null;
  }>(row.answers);
  const quizComplete = parsed<{ payload: string; received_at: number }>(row.quiz_complete);
  const videoSkip = parsed<{ reason: string; received_at: number }>(row.video_skip);
  const invitation = parsed<InvitationsTable>(row.invitation);
  return {
    sessionId: row.session_id,
    testId: row.test_id,
    startedAt: row.started_at,
    quizStartedAt: row.quiz_started_at,
    previewReleaseId: row.preview_release_id,
    sectionVersions: Object.entries(parsePinned(row.section_releases) ?? {}).map(([section, pinned]) => ({
      section,
      version: pinned.version,
    })),
    invitation: invitation && toInvitation(invitation),
    registration: updatedPayload(parsed<PayloadPart>(row.registration)),
    answers: answers && {
      answers: JSON.parse(answers.answers),
      proctoring: JSON.parse(answers.proctoring),
      revision: answers.revision,
      savedAt: answers.saved_at,
      receivedAt: answers.received_at,
      final: Boolean(answers.final),
      submittedAt: answers.submitted_at,
      finalReason: answers.final_reason,
    },
    quizComplete: quizComplete && { payload: JSON.parse(quizComplete.payload), receivedAt: quizComplete.received_at },
    deviceChecks: JSON.parse(row.device_checks).map(
      (check: { check_id: string; facts: string; result: number | boolean; received_at: number }) => ({
        checkId: check.check_id,
        facts: JSON.parse(check.facts),
        result: Boolean(check.result),
        receivedAt: check.received_at,
      }),
    ),
    videos: (JSON.parse(row.videos) as VideoRow[]).map(toStoredVideo),
    videoSkip: videoSkip && { reason: JSON.parse(videoSkip.reason), receivedAt: videoSkip.received_at },
    feedback: updatedPayload(parsed<PayloadPart>(row.feedback)),
    sectionRecords: (
      JSON.parse(row.section_records) as {
        section_id: string;
        record: string;
        received_at: number;
        updated_at: number;
      }[]
    ).map((part) => ({
      sectionId: part.section_id,
      record: JSON.parse(part.record),
      receivedAt: part.received_at,
      updatedAt: part.updated_at,
    })),
    sectionTroubles: (
      JSON.parse(row.section_troubles) as {
        trouble_id: string;
        section_id: string;
        kind: SectionTroubleKind;
        started_at: number | string;
        ended_at: number | string | null;
      }[]
    ).map((trouble) => ({
      troubleId: trouble.trouble_id,
      sectionId: trouble.section_id,
      kind: trouble.kind,
      startedAt: Number(trouble.started_at),
      endedAt: trouble.ended_at === null ? null : Number(trouble.ended_at),
    })),
  };
}

export async function getSession(db: Db, dialect: Dialect, sessionId: string): Promise<SessionRecord | undefined> {
  const row = await selectSessions(db, dialect).where('s.session_id', '=', sessionId).executeTakeFirst();
  return row && toSessionRecord(row);
}

/**
 * A page of sessions in start order, read with one row more than asked: the extra row only tells
 * that there is a next page, which starts after the last row shown.
 */
export async function listSessions(db: Db, dialect: Dialect, query: SessionQuery): Promise<SessionPage> {
  // A preview link's session is the section team's, never a candidate: no list holds it.
  let select = selectSessions(db, dialect).where('s.preview_release_id', 'is', null);
  if (query.testId !== undefined) select = select.where('s.test_id', '=', query.testId);
  if (query.from !== undefined) select = select.where('s.started_at', '>=', query.from);
  if (query.to !== undefined) select = select.where('s.started_at', '<', query.to);
  const after = query.after;
  if (after) {
    select = select.where((eb) =>
      eb(eb.refTuple('s.started_at', 's.session_id'), '>', eb.tuple(after.startedAt, after.sessionId)),
    );
  }
  const rows = await select
    .orderBy('s.started_at')
    .orderBy('s.session_id')
    .limit(query.limit + 1)
    .execute();
  const sessions = rows.slice(0, query.limit).map(toSessionRecord);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return last ? { sessions, next: { startedAt: last.started_at, sessionId: last.session_id } } : { sessions };
}

/** What decides when a session's quiz ends: its test, when its clock started, and its extra time. */
export interface QuizClock {
  testId: string;
  startedAt: number;
  quizStartedAt: number | null;
  /** The personal invitation's extra time; 0 for the open link. */
  extraTimePercent: number;
}

/**
 * A session's quiz clock alone, for every final save: the whole session (`getSession`) would read
 * and build its answers, videos and feedback too, at the busiest moment of an assessment day. The
 * final saves of many candidates then read their clocks as one statement where statements are
 * round trips (`readByKey`).
 */
export function quizClockReader(on: {
  db: Db;
  dialect: Dialect;
}): (sessionId: string) => Promise<QuizClock | undefined> {
  const read = readByKey(
    on,
    (db, sessionIds) =>
      db
        .selectFrom('sessions as s')
        .leftJoin('invitations as i', 'i.session_id', 's.session_id')
        .select(['s.session_id', 's.test_id', 's.started_at', 's.quiz_started_at', 'i.extra_time_percent'])
        .where('s.session_id', 'in', sessionIds),
    (row) => row.session_id,
  );
  return async (sessionId) => {
    const row = await read(sessionId);
    return (
      row && {
        testId: row.test_id,
        startedAt: row.started_at,
        quizStartedAt: row.quiz_started_at,
        extraTimePercent: row.extra_time_percent ?? 0,
      }
    );
  };
}

/**
 * What a key opened, read for every candidate request this instance does not know yet: its
 * session, or `'erased'` when that session was erased (`erased_sessions` keeps the key's hash for
 * this). Both in one statement, since a new candidate's registration asks both, and where
 * statements are round trips (`Dialect.coalesces`) each costs the event loop (`bench/README.md`).
 */
export function keyStandingReader(on: { db: Db; dialect: Dialect }): (keyHash: string) => Promise<KeyStanding> {
  const read = readByKey(
    on,
    (db, keyHashes) =>
      db
        .selectFrom('sessions')
        .select(['key_hash', 'session_id', 'test_id', 'invitation_id', sql<number>`0`.as('erased')])
        .where('key_hash', 'in', keyHashes)
        .unionAll(
          db
            .selectFrom('erased_sessions')
            .select([
              'key_hash',
              'session_id',
              'test_id',
              sql<string | null>`null`.as('invitation_id'),
              sql<number>`1`.as('erased'),
            ])
            .where('key_hash', 'in', keyHashes),
        ),
    (row) => row.key_hash ?? '',
  );
  return async (keyHash) => {
    const row = await read(keyHash);
    if (!row) return undefined;
    if (Number(row.erased) === 1) return 'erased';
    return { sessionId: row.session_id, testId: row.test_id, invitationId: row.invitation_id };
  };
}
