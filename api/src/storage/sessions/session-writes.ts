import { MAX_KEPT_DEVICE_CHECKS } from '@assessment/core';
import type { Gender, StoredRegistration } from '../../privacy/demographics.ts';
import { registeredMonth } from '../../privacy/report-months.ts';
import { coalescedIn, readByKey } from '../db/coalesced.ts';
import { compiledForEachCount, standIns } from '../db/compiled-once.ts';
import { type Db, type DeliveryAttempt, defineWrites, type WriteContext } from '../db/database.ts';
import { queueDelivery, queueWebhook, queueWebhookTo, webhookUrlOf } from '../deliveries/delivery-store.ts';
import {
  closedInvitationError,
  InvitationInUseError,
  OpenLinkClosedError,
  RecordFinalError,
  SessionConflictError,
  SessionErasedError,
  SessionKeyError,
  SessionNotFoundError,
} from '../errors.ts';
import { toInvitation } from '../invitations/invitation-rows.ts';
import { queueGreenhouseCompletion } from '../partners/greenhouse-deliveries.ts';
import { decideAnswers, submittedAtWhenStored } from './answers-rules.ts';
import { knownSessions } from './known-sessions.ts';
import { openWithRegistration, storeFirstFeedback } from './one-statement-writes.ts';
import { finishedEvent, receiptDelivery, startedEvent } from './session-events.ts';
import type { AnswersWrite, DeviceCheckFacts, Feedback, QuizComplete, SessionRef } from './session-store.ts';

/**
 * Every write but a registration needs a registered session of the same test. A session's test
 * never changes, so what was read once is remembered (`known-sessions.ts`).
 */
async function requireSession(context: WriteContext, ref: SessionRef): Promise<void> {
  const known = context.local('known-sessions', knownSessions);
  let testId = known.testOf(ref.sessionId);
  if (testId === undefined) {
    // Read again by every instance once `known` stops trusting it, for a crowd's sessions at once
    // (those that registered in the same second): the reads of many candidates go as one.
    const testOf = context.local('session-tests', () =>
      readByKey(
        context,
        (db, sessionIds) =>
          db.selectFrom('sessions').select(['session_id', 'test_id']).where('session_id', 'in', sessionIds),
        (row) => row.session_id,
      ),
    );
    const row = await testOf(ref.sessionId);
    if (!row) throw await goneSessionError(context, ref.sessionId);
    testId = row.test_id;
    known.rememberSession(ref.sessionId, testId);
  }
  if (testId !== ref.testId) throw new SessionConflictError(ref.sessionId);
}

/**
 * A write of a session `requireSession` found. Another instance may have erased the session since
 * this one read it (`known-sessions.ts` trusts a read for a while); the write then breaks the
 * session's FOREIGN KEY, stores nothing, and is refused as the key check refuses an erased
 * session, not as a server error.
 */
export async function writeOfSession<Result>(
  context: WriteContext,
  ref: SessionRef,
  write: () => Promise<Result>,
): Promise<Result> {
  await requireSession(context, ref);
  try {
    return await write();
  } catch (error) {
    if (!context.dialect.isForeignKeyViolation(error)) throw error;
    throw await goneSessionError(context, ref.sessionId);
  }
}

/**
 * A session no write found: its data was erased, or it was never registered. Either way this
 * writer trusts nothing it remembered of it any more.
 */
async function goneSessionError(context: WriteContext, sessionId: string): Promise<Error> {
  context.local('known-sessions', knownSessions).forget(sessionId);
  const erased = await context.db
    .selectFrom('erased_sessions')
    .select('session_id')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return erased ? new SessionErasedError() : new SessionNotFoundError(sessionId);
}

interface OpenedSessionRow {
  test_id: string;
  key_hash: string | null;
  invitation_id: string | null;
  /** When its answers were submitted, with the registration they made final; null before. */
  submitted_at: number | null;
  payload: string | null;
}

/**
 * A registration of a session that exists must carry its test, its invitation (or none, as it
 * had) and its key; checked before an invitation is bound or anything stored.
 */
function checkEntry(existing: OpenedSessionRow, ref: SessionRef, keyHash: string, invitationId: string | null) {
  if (existing.test_id !== ref.testId || existing.invitation_id !== invitationId) {
    throw new SessionConflictError(ref.sessionId);
  }
  if (existing.key_hash !== keyHash) throw new SessionKeyError(ref.sessionId);
}

/** A session that exists, with what its registration needs to know of it, in one read. */
const openedSession = (db: Db, sessionId: string): Promise<OpenedSessionRow | undefined> =>
  db
    .selectFrom('sessions as s')
    .leftJoin('answers as a', (join) =>
      join.onRef('a.session_id', '=', 's.session_id').on('a.submitted_at', 'is not', null),
    )
    .leftJoin('registrations as r', 'r.session_id', 's.session_id')
    .select(['s.test_id', 's.key_hash', 's.invitation_id', 'a.submitted_at', 'r.payload'])
    .where('s.session_id', '=', sessionId)
    .executeTakeFirst();

/**
 * Binds the link to the session in one statement that changes the row only while the link is
 * unbound or bound to this very session, not revoked, and not expired (unless that session
 * finished it): of two registrations racing, on any instances, the second finds it bound. It runs
 * before the session's row is written: that row's reference to the invitation takes a lock on it
 * that a second registration's binding would wait for while holding the lock this one needs.
 * Returns the session when it exists already.
 */
async function bind(
  context: WriteContext,
  db: Db,
  ref: SessionRef,
  keyHash: string,
  invitationId: string,
): Promise<OpenedSessionRow | undefined> {
  const existing = await openedSession(db, ref.sessionId);
  if (existing) checkEntry(existing, ref, keyHash, invitationId);
  let bound: bigint;
  try {
    const result = await db
      .updateTable('invitations')
      .set({ session_id: ref.sessionId })
      .where('invitation_id', '=', invitationId)
      .where((eb) => eb.or([eb('session_id', 'is', null), eb('session_id', '=', ref.sessionId)]))
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('finished_at', 'is not', null), eb('expires_at', '>', ref.receivedAt)]))
      .executeTakeFirst();
    bound = result.numUpdatedRows;
  } catch (error) {
    // The session already holds another link (an invitation's session is UNIQUE).
    if (context.dialect.isUniqueViolation(error)) throw new SessionConflictError(ref.sessionId);
    throw error;
  }
  if (bound > 0n) return existing;
  const row = await db
    .selectFrom('invitations')
    .selectAll()
    .where('invitation_id', '=', invitationId)
    .executeTakeFirst();
  if (!row) throw new Error(`There is no invitation ${invitationId}`);
  throw closedInvitationError(toInvitation(row), ref.receivedAt) ?? new InvitationInUseError();
}

/** Whether the test's company turned its open link off: no new session may open by it. */
async function openLinkClosed(db: Db, testId: string): Promise<boolean> {
  const off = await db
    .selectFrom('test_settings')
    .select('test_id')
    .where('test_id', '=', testId)
    .where('open_link_allowed', '=', false)
    .executeTakeFirst();
  return off !== undefined;
}

/**
 * Whether the key opened a session that was erased since: its browser may still hold the key, and
 * another instance may still trust what it read of it (`known-sessions.ts`), but nothing opens
 * with it again.
 */
async function keyErased(db: Db, keyHash: string): Promise<boolean> {
  const erased = await db
    .selectFrom('erased_sessions')
    .select('session_id')
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return erased !== undefined;
}

/**
 * Opens the session bound to its key (and invitation), or checks it against the one there. A new
 * session by the open link opens only while the test's open link is on (`OpenLinkClosedError`),
 * and none with a key whose session was erased (`SessionErasedError`). The insert gives way on
 * either UNIQUE (the session's id, the key's hash), so racing registrations never fail on one:
 * what is there afterwards decides. Returns the session that was there; none when this
 * registration opened it.
 */
async function openOrEnter(
  db: Db,
  ref: SessionRef,
  keyHash: string,
  invitationId: string | null,
): Promise<OpenedSessionRow | undefined> {
  const result = await db
    .insertInto('sessions')
    .values({
      session_id: ref.sessionId,
      test_id: ref.testId,
      started_at: ref.receivedAt,
      key_hash: keyHash,
      invitation_id: invitationId,
    })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  if ((result.numInsertedOrUpdatedRows ?? 0n) > 0n) {
    // In the registration's transaction: refused, the session is not opened after all.
    if (invitationId === null && (await openLinkClosed(db, ref.testId))) throw new OpenLinkClosedError();
    if (await keyErased(db, keyHash)) throw new SessionErasedError();
    return undefined;
  }
  // The session was there (or another instance opened it a moment ago, and this insert waited for
  // that to commit): the start time stays the first one, and the key and test must be its own.
  // Not there: the key opened another session.
  const existing = await openedSession(db, ref.sessionId);
  if (!existing) throw new SessionKeyError(ref.sessionId);
  checkEntry(existing, ref, keyHash, invitationId);
  return existing;
}

/**
 * A text as the candidate list keeps its copy: the payload keeps what was typed exactly, but a
 * column of plain text cannot hold the NUL character on every database.
 */
const listed = (text: string) => text.replaceAll('\0', '\uFFFD');

/** A registration's row, with the copies the candidate list sorts and searches by. */
function registrationRow(ref: SessionRef, registration: StoredRegistration) {
  return {
    session_id: ref.sessionId,
    payload: JSON.stringify(registration),
    received_at: ref.receivedAt,
    updated_at: ref.receivedAt,
    full_name: listed(registration.fullName),
    email: listed(registration.email),
    sort_name: listed(registration.fullName).toLowerCase(),
  };
}

/** The details a candidate confirms on the form, which are final once their answers are. */
const FINAL_DETAILS = ['fullName', 'email', 'social', 'workExperience'] as const;

/**
 * Whether the session's details are final: its answers were submitted. A registration that
 * repeats them then changes nothing (true); one that would change them is refused.
 */
function detailsAreFinal(held: OpenedSessionRow, registration: StoredRegistration): boolean {
  if (held.submitted_at === null || held.payload === null) return false;
  const stored = JSON.parse(held.payload) as StoredRegistration;
  if (FINAL_DETAILS.every((field) => stored[field] === registration[field])) return true;
  throw new RecordFinalError('Your details were sent with your final answers, which', held.submitted_at);
}

/** The row of a save of answers, with the counts the candidate list shows. */
function answersRow(input: AnswersWrite) {
  const { perQuestion, tabSwitches } = input.proctoring;
  return {
    session_id: input.sessionId,
    answers: JSON.stringify(input.answers),
    proctoring: JSON.stringify(input.proctoring),
    revision: input.revision,
    saved_at: input.savedAt,
    received_at: input.receivedAt,
    final: input.final,
    submitted_at: submittedAtWhenStored(input),
    final_reason: input.final ? input.finalReason : null,
    tab_switches: tabSwitches,
    pastes: perQuestion.reduce((sum, question) => sum + question.pastes.length + question.droppedPastes, 0),
  };
}

type AnswersRow = ReturnType<typeof answersRow>;

const ANSWERS_COLUMNS = [
  'session_id',
  'answers',
  'proctoring',
  'revision',
  'saved_at',
  'received_at',
  'final',
  'submitted_at',
  'final_reason',
  'tab_switches',
  'pastes',
] as const satisfies readonly (keyof AnswersRow)[];

/** The columns a newer save replaces: all but the session's. */
const REPLACED_COLUMNS = ANSWERS_COLUMNS.filter((column) => column !== 'session_id');

/**
 * The rule of a newer save (`decideAnswers`) in the one statement that stores it: the first save,
 * or one newer than the held answers while they are not submitted. The database checks the
 * condition on the row as it is once locked, so two instances cannot both store. Every autosave
 * runs it, so it is compiled once, and it takes the autosaves of many candidates at once where
 * statements are round trips (`coalesced.ts`): each is committed with its statement, before it is
 * answered. It returns the sessions whose save it stored.
 */
const storeIfNewerStatement = compiledForEachCount<AnswersRow, { session_id: string }>((db, rows) =>
  db
    .insertInto('answers')
    .values(rows.map((value) => standIns<AnswersRow>(ANSWERS_COLUMNS, value)))
    .onConflict((conflict) =>
      conflict
        .column('session_id')
        .doUpdateSet((eb) =>
          Object.fromEntries(REPLACED_COLUMNS.map((column) => [column, eb.ref(`excluded.${column}`)])),
        )
        .where('answers.submitted_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('answers.revision', '<', eb.ref('excluded.revision')),
            eb.and([
              eb('answers.revision', '=', eb.ref('excluded.revision')),
              eb('answers.saved_at', '<', eb.ref('excluded.saved_at')),
            ]),
          ]),
        ),
    )
    .returning('session_id'),
);

/**
 * Whether each save was stored. A statement may hold a session once, so two saves of one session
 * go in turn, in the order they came.
 */
async function storeEachIfNewer(db: Db, rows: readonly AnswersRow[]): Promise<boolean[]> {
  const stored = rows.map(() => false);
  let left = rows.map((row, index) => ({ row, index }));
  while (left.length > 0) {
    const inThisOne = new Set<string>();
    const round = left.filter(({ row }) => !inThisOne.has(row.session_id) && inThisOne.add(row.session_id));
    left = left.filter((item) => !round.includes(item));
    const result = await storeIfNewerStatement(
      db,
      round.map(({ row }) => row),
    );
    const returned = new Set(result.rows.map((row) => row.session_id));
    for (const { row, index } of round) stored[index] = returned.has(row.session_id);
  }
  return stored;
}

async function storeIfNewer(db: Db, input: AnswersWrite): Promise<boolean> {
  const [stored] = await storeEachIfNewer(db, [answersRow(input)]);
  return stored === true;
}

const heldAnswers = (db: Db, sessionId: string) =>
  db
    .selectFrom('answers')
    .select(['answers', 'revision', 'saved_at', 'submitted_at'])
    .where('session_id', '=', sessionId);

async function decideOn(query: ReturnType<typeof heldAnswers>, input: AnswersWrite) {
  const row = await query.executeTakeFirst();
  const held = row && {
    answers: row.answers,
    revision: row.revision,
    savedAt: row.saved_at,
    submittedAt: row.submitted_at,
  };
  return decideAnswers(held, input, JSON.stringify(input.answers));
}

/**
 * A save the one statement did not store (the answers are submitted, or it is not newer), weighed
 * with the row locked: it may mark the answers submitted, be refused, or change nothing.
 */
async function weighAnswers(context: WriteContext, db: Db, input: AnswersWrite) {
  const decision = await decideOn(context.dialect.forUpdate(heldAnswers(db, input.sessionId)), input);
  if (decision.write === 'store') await storeIfNewer(db, input);
  if (decision.write === 'mark-submitted') {
    await db
      .updateTable('answers')
      .set({ final: true, submitted_at: input.receivedAt, final_reason: input.finalReason })
      .where('session_id', '=', input.sessionId)
      .execute();
  }
  return decision.result;
}

type HeldFeedback = { payload: string; received_at: number } | undefined;

/** The first read of every feedback: the reads of many candidates go as one (`coalesced.ts`). */
const heldFeedbackOf = (context: WriteContext) =>
  context.local('held-feedback', () =>
    readByKey(
      context,
      (db, sessionIds) =>
        db
          .selectFrom('feedback')
          .select(['session_id', 'payload', 'received_at'])
          .where('session_id', 'in', sessionIds),
      (row) => row.session_id,
    ),
  );

/**
 * Whether the session's feedback is already this one. Feedback is final: once stored, its row never
 * changes (only an erasure removes it), so its read needs no lock and no transaction, and a repeat
 * sent by the outbox is answered by it alone. Other feedback than the held one is refused.
 */
function heldFeedbackIs(held: HeldFeedback, payload: string): boolean {
  if (!held) return false;
  if (held.payload === payload) return true;
  throw new RecordFinalError('Your feedback', held.received_at);
}

/**
 * Feedback the insert found there: another instance stored this session's feedback since the read,
 * and waited to commit, so its feedback stands. Gone again already, it can only have been erased
 * with its session.
 */
async function storedMeanwhile(db: Db, ref: SessionRef, payload: string): Promise<void> {
  const held = await db
    .selectFrom('feedback')
    .select(['payload', 'received_at'])
    .where('session_id', '=', ref.sessionId)
    .executeTakeFirst();
  if (heldFeedbackIs(held, payload)) return;
  throw new SessionNotFoundError(ref.sessionId);
}

interface FirstFeedback {
  ref: SessionRef;
  payload: string;
  currentScore: number;
}

/**
 * The first feedbacks of many candidates in one transaction, each one statement
 * (`storeFirstFeedback`), and the jobs of all they queued in one more: at the end of an assessment
 * day every candidate sends one within minutes, and each transaction costs its round trips to
 * begin and commit. Whether each was stored now, in order.
 */
function storeFirstFeedbacks(context: WriteContext, firsts: readonly FirstFeedback[]): Promise<boolean[]> {
  return context.atomically(async (db) => {
    const stored: boolean[] = [];
    const queued: DeliveryAttempt[] = [];
    for (const { ref, payload, currentScore } of firsts) {
      const first = await storeFirstFeedback(db, ref, payload, currentScore);
      stored.push(first.stored);
      queued.push(...first.queued);
    }
    await context.deliveryJobs.schedule(db, queued);
    return stored;
  });
}

/** A registration's row, stored or replacing the one kept: the first time stays the session's. */
async function storeRegistrationRow(db: Db, row: ReturnType<typeof registrationRow>): Promise<void> {
  await db
    .insertInto('registrations')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('session_id').doUpdateSet((eb) => ({
        payload: eb.ref('excluded.payload'),
        updated_at: eb.ref('excluded.updated_at'),
        full_name: eb.ref('excluded.full_name'),
        email: eb.ref('excluded.email'),
        sort_name: eb.ref('excluded.sort_name'),
      })),
    )
    .execute();
}

/**
 * `saveRegistration`'s write: the opening statement where a statement's `WITH` may write
 * (`Dialect.writableWith`), else the session opened or entered, the registration, its event and
 * the demographic answer together.
 */
async function registerSession(
  context: WriteContext,
  ref: SessionRef,
  keyHash: string,
  registration: StoredRegistration,
  invitationId: string | null,
  gender: Gender,
): Promise<void> {
  const inOneStatement = invitationId === null && context.dialect.writableWith;
  const row = registrationRow(ref, registration);
  // Where the company has no webhook endpoint, the usual case, there is no job to schedule, and the
  // one statement needs no transaction round it: its own commit.
  const alone = inOneStatement ? await openWithRegistration(context.db, ref, keyHash, row, gender, false) : undefined;
  if (alone?.opened) return;
  await context.atomically(async (db) => {
    if (alone?.endpoint) {
      const opened = await openWithRegistration(db, ref, keyHash, row, gender, true);
      if (opened.opened) {
        await context.deliveryJobs.schedule(db, opened.queued);
        return;
      }
    }
    const bound = invitationId ? await bind(context, db, ref, keyHash, invitationId) : undefined;
    // A session just opened has no answers yet, so nothing of it is final.
    const held = bound ?? (await openOrEnter(db, ref, keyHash, invitationId));
    if (held && detailsAreFinal(held, registration)) return;
    await storeRegistrationRow(db, row);
    await queueWebhook(db, context.deliveryJobs, startedEvent(ref, invitationId));
    await db
      .insertInto('demographics')
      .values({
        session_id: ref.sessionId,
        test_id: ref.testId,
        gender,
        finished: false,
        registered_month: registeredMonth(ref.receivedAt),
      })
      .onConflict((conflict) =>
        conflict.column('session_id').doUpdateSet((eb) => ({ gender: eb.ref('excluded.gender') })),
      )
      .execute();
  });
}

/** A session's own writes: its registration and each part a section sends. */
export const sessionWrites = defineWrites({
  async saveRegistration(
    context,
    ref: SessionRef,
    keyHash: string,
    registration: StoredRegistration,
    invitationId: string | null = null,
    gender: Gender = '',
  ): Promise<void> {
    await registerSession(context, ref, keyHash, registration, invitationId, gender);
    // The session exists now, with this test, so the candidate's next write need not read that.
    context.local('known-sessions', knownSessions).rememberSession(ref.sessionId, ref.testId);
  },

  /**
   * A preview link's registration (`releases/release-previews.ts`): the session opened to the
   * previewed release with its set of releases, or entered again, and its registration, as a
   * candidate's is; but no demographic answer and no webhook, since no company is told of it and
   * no count holds it.
   */
  async savePreviewRegistration(
    context,
    ref: SessionRef,
    keyHash: string,
    registration: StoredRegistration,
    preview: { releaseId: string; sectionReleases: string },
  ): Promise<void> {
    await context.atomically(async (db) => {
      const opened = await db
        .insertInto('sessions')
        .values({
          session_id: ref.sessionId,
          test_id: ref.testId,
          started_at: ref.receivedAt,
          key_hash: keyHash,
          invitation_id: null,
          section_releases: preview.sectionReleases,
          preview_release_id: preview.releaseId,
        })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      if ((opened.numInsertedOrUpdatedRows ?? 0n) > 0n) {
        if (await keyErased(db, keyHash)) throw new SessionErasedError();
      } else {
        const existing = await openedSession(db, ref.sessionId);
        if (!existing) throw new SessionKeyError(ref.sessionId);
        checkEntry(existing, ref, keyHash, null);
        if (detailsAreFinal(existing, registration)) return;
      }
      await storeRegistrationRow(db, registrationRow(ref, registration));
    });
    context.local('known-sessions', knownSessions).rememberSession(ref.sessionId, ref.testId);
  },

  async saveQuizStart(context, ref: SessionRef): Promise<void> {
    return writeOfSession(context, ref, async () => {
      // The first start stays. The update matches the session's row even when it keeps it, so a row
      // it does not find was erased by another instance since this one read it: no key breaks for
      // an update, so that is told here, as every other write tells it.
      const result = await context.db
        .updateTable('sessions')
        .set((eb) => ({ quiz_started_at: eb.fn.coalesce('quiz_started_at', eb.val(ref.receivedAt)) }))
        .where('session_id', '=', ref.sessionId)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw await goneSessionError(context, ref.sessionId);
    });
  },

  async saveQuizComplete(context, ref: SessionRef, notice: QuizComplete): Promise<void> {
    return writeOfSession(context, ref, async () => {
      const { db } = context;
      await db
        .insertInto('quiz_completions')
        .values({ session_id: ref.sessionId, payload: JSON.stringify(notice), received_at: ref.receivedAt })
        .onConflict((conflict) => conflict.column('session_id').doNothing())
        .execute();
    });
  },

  async saveAnswers(context, input: AnswersWrite): Promise<{ stored: boolean; revision: number }> {
    return writeOfSession(context, input, async () => {
      // An autosave newer than what is held, the usual case, is one statement.
      const stored = await coalescedIn(context, 'answers-if-newer', storeEachIfNewer)(answersRow(input));
      if (stored) return { stored: true, revision: input.revision };
      // Held answers only ever get newer, and once submitted stay so: a save they make redundant, or
      // refuse, is answered from a read without a lock or a transaction. Only one that may still
      // change them is weighed with the row locked.
      const unlocked = await decideOn(heldAnswers(context.db, input.sessionId), input);
      if (unlocked.write === 'nothing') return unlocked.result;
      return context.atomically((db) => weighAnswers(context, db, input));
    });
  },

  async saveDeviceCheck(
    context,
    ref: SessionRef,
    checkId: string,
    facts: DeviceCheckFacts,
    result: boolean,
  ): Promise<boolean> {
    return writeOfSession(context, ref, async () => {
      const { db } = context;
      const kept = await db
        .selectFrom('device_checks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('session_id', '=', ref.sessionId)
        .executeTakeFirstOrThrow();
      if (Number(kept.count) >= MAX_KEPT_DEVICE_CHECKS) {
        const stored = await db
          .selectFrom('device_checks')
          .select('result')
          .where('session_id', '=', ref.sessionId)
          .where('check_id', '=', checkId)
          .executeTakeFirst();
        return stored ? Boolean(stored.result) : result;
      }
      // A repeat returns the stored result: DO UPDATE locks and returns the row even when another
      // instance inserted it a moment before.
      const row = await db
        .insertInto('device_checks')
        .values({
          session_id: ref.sessionId,
          check_id: checkId,
          facts: JSON.stringify(facts),
          result,
          received_at: ref.receivedAt,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['session_id', 'check_id'])
            .doUpdateSet((eb) => ({ result: eb.ref('device_checks.result') })),
        )
        .returning('result')
        .executeTakeFirstOrThrow();
      return Boolean(row.result);
    });
  },

  async saveVideoSkip(context, ref: SessionRef, reason: string): Promise<void> {
    return writeOfSession(context, ref, async () => {
      const { db } = context;
      await db
        .insertInto('video_skips')
        .values({ session_id: ref.sessionId, reason: JSON.stringify(reason), received_at: ref.receivedAt })
        .onConflict((conflict) =>
          conflict.column('session_id').doUpdateSet((eb) => ({ reason: eb.ref('excluded.reason') })),
        )
        .execute();
    });
  },

  async saveFeedback(context, ref: SessionRef, feedback: Feedback): Promise<void> {
    return writeOfSession(context, ref, async () => {
      const payload = JSON.stringify(feedback);
      const held = await heldFeedbackOf(context)(ref.sessionId);
      if (heldFeedbackIs(held, payload)) return;
      if (context.dialect.writableWith) {
        const stored = await coalescedIn(context, 'first-feedbacks', (_db, firsts: readonly FirstFeedback[]) =>
          storeFirstFeedbacks(context, firsts),
        )({ ref, payload, currentScore: feedback.currentScore });
        // Not stored: another request stored this session's feedback first, and has committed it.
        if (!stored) await storedMeanwhile(context.db, ref, payload);
        return;
      }
      await context.atomically(async (db) => {
        const stored = await db
          .insertInto('feedback')
          .values({
            session_id: ref.sessionId,
            payload,
            received_at: ref.receivedAt,
            updated_at: ref.receivedAt,
            current_score: feedback.currentScore,
          })
          .onConflict((conflict) => conflict.column('session_id').doNothing())
          .executeTakeFirst();
        if (stored.numInsertedOrUpdatedRows === 0n) return storedMeanwhile(db, ref, payload);
        // The first feedback finishes the session's invitation and counts it as finished.
        await db
          .updateTable('invitations')
          .set({ finished_at: ref.receivedAt })
          .where('session_id', '=', ref.sessionId)
          .where('finished_at', 'is', null)
          .execute();
        await db.updateTable('demographics').set({ finished: true }).where('session_id', '=', ref.sessionId).execute();
        await queueGreenhouseCompletion(db, context.deliveryJobs, ref);
        // The candidate's receipt of what the company received, to the email they confirmed. The
        // session's test is the one `requireSession` checked.
        const registered = await db
          .selectFrom('registrations')
          .select(['email', webhookUrlOf(db, ref.testId).as('webhook_url')])
          .where('session_id', '=', ref.sessionId)
          .executeTakeFirst();
        if (registered) await queueWebhookTo(db, context.deliveryJobs, registered.webhook_url, finishedEvent(ref));
        if (registered?.email) {
          await queueDelivery(
            db,
            context.deliveryJobs,
            receiptDelivery(ref.sessionId, ref.testId, ref.receivedAt, registered.email),
          );
        }
      });
    });
  },
});
