import { type Db, defineWrites } from '../db/database.ts';
import type { Storage } from '../db/storage.ts';
import { queueWebhook } from '../deliveries/delivery-store.ts';
import { type KnownSessions, knownSessions } from '../sessions/known-sessions.ts';
import { sentNothing } from '../sessions/sent-nothing.ts';

/** A company's retention period when it has set none (HireVue's default is two years; ours is one). */
export const DEFAULT_RETENTION_DAYS = 365;

export type ErasureReason = 'request' | 'retention';

/** The emails about whom an erasure was of, whose rows it deleted: the caller removes their files. */
export interface ErasedMail {
  deliveryIds: string[];
}

/** Each company's retention period, and erasure: what may be kept, and for how long. */
export interface PrivacyStore {
  retentionDays(companyId: string): Promise<number>;
  setRetentionDays(companyId: string, days: number, at: number): Promise<void>;
  /**
   * Deletes the session and everything stored with it (the looks at its invitation too), in one
   * transaction, keeping only its aggregate count (the demographic row, no longer linked) and a
   * mark that it was erased. The caller deletes the video's bytes first. Null when there was no
   * such session.
   */
  eraseSession(sessionId: string, at: number, reason: ErasureReason): Promise<ErasedMail | null>;
  /** The candidate's own demographic answer ('' when they gave none), for their copy of their data only. */
  demographicAnswer(sessionId: string): Promise<string | null>;
  /**
   * How many candidates of the test gave each answer ('' for none), by the month they registered in
   * and their stage, and how many of them finished. Rows erased before months were kept are left out.
   */
  demographicCounts(testId: string): Promise<StoredCounts[]>;
  /** The test's months counted so far, each as it was counted. */
  countedMonths(testId: string): Promise<KeptMonth[]>;
  /**
   * Keeps a month's counts unless that month was counted meanwhile, and returns the month as kept:
   * a month is counted once, so two looks never see it differently.
   */
  keepCountedMonth(testId: string, month: KeptMonth): Promise<KeptMonth>;
  /**
   * Up to `limit` open-link sessions that started before `before` and never sent anything after
   * their registration (no answers, quiz end, video, skip or feedback), oldest first.
   */
  silentSessionsBefore(before: number, limit: number): Promise<string[]>;
  /**
   * Deletes a session that sent nothing after its registration, if it still has not: no mark of
   * it stays, not even in the counts, so a browser that comes back simply starts again.
   */
  deleteSilentSession(sessionId: string): Promise<boolean>;
  /** Every retention period the company has set, each from when, oldest first. */
  retentionPeriods(companyId: string): Promise<{ fromAt: number; days: number }[]>;
  /** Up to `limit` sessions of these tests that started at `from` or later and before `before`, oldest first. */
  sessionsStartedBetween(testIds: readonly string[], from: number, before: number, limit: number): Promise<string[]>;
  /**
   * Up to `limit` personal invitations of these tests that nobody used, not erased yet, whose link
   * stopped working (revoked, else expired) before `before`.
   */
  unusedInvitationsEndedBefore(testIds: readonly string[], before: number, limit: number): Promise<string[]>;
  /**
   * The shortest retention period any company has set, at any time, or the default where that is
   * shorter: the most a candidate of a test whose company is no longer known can have been told
   * (`api/src/privacy/erasure.ts`).
   */
  shortestRetentionDays(): Promise<number>;
  /** Up to `limit` sessions of tests other than these that started before `before`, oldest first. */
  sessionsOfOtherTestsStartedBefore(testIds: readonly string[], before: number, limit: number): Promise<string[]>;
  /** As `unusedInvitationsEndedBefore`, of tests other than these. */
  unusedInvitationsOfOtherTestsEndedBefore(
    testIds: readonly string[],
    before: number,
    limit: number,
  ): Promise<string[]>;
  /**
   * Blanks whom an unused invitation was for (as `eraseSession` does for a used one) and deletes its
   * queued messages and the looks at it, if nobody has used it meanwhile. The caller deletes the
   * messages' files first. None deleted when it was used meanwhile.
   */
  eraseUnusedInvitation(invitationId: string, at: number): Promise<ErasedMail>;
}

/** How many candidates of one answer ('' for none) and one stage registered, and how many finished. */
export interface StoredCounts {
  gender: string;
  /** As `registeredMonth` gives it (`api/src/privacy/report-months.ts`). */
  registeredMonth: string;
  stage: string;
  registered: number;
  finished: number;
}

/** One month of a test's report as it was counted; `counts` is the `CountedMonth` as JSON. */
export interface KeptMonth {
  registeredMonth: string;
  countedAt: number;
  counts: string;
}

/** The tables that hold a part of a session and reference it without a cascade (the first schema's). */
const SESSION_PARTS = [
  'registrations',
  'answers',
  'quiz_completions',
  'device_checks',
  'videos',
  'video_skips',
  'feedback',
  'section_records',
  'section_troubles',
] as const;

/**
 * What Greenhouse's side keeps of a personal invitation it sent (`migrations/0028-greenhouse.ts`):
 * the address to tell and the candidate's Greenhouse page are blanked (the hash of the address
 * stays, so a repeated `send_test` emails nobody again), and Greenhouse's reports naming it go.
 */
async function eraseGreenhouseParts(db: Db, invitationId: string, at: number): Promise<void> {
  await db
    .updateTable('greenhouse_invitations')
    .set({ callback_url: '', profile_url: '', erased_at: at })
    .where('invitation_id', '=', invitationId)
    .execute();
  await db.deleteFrom('greenhouse_reports').where('partner_interview_id', '=', invitationId).execute();
}

/**
 * Deletes the messages about a session or an invitation, and answers which: those queued since
 * the caller last read them too, whose files it has yet to remove (`betweenMailRemovals` in
 * `api/src/privacy/erasure.ts`). A session's would go with it by the cascade, unanswered.
 */
async function deleteDeliveries(db: Db, sessionId: string | null, invitationId: string | null): Promise<string[]> {
  const rows = await db
    .deleteFrom('deliveries')
    .where((eb) =>
      eb.or([
        ...(sessionId === null ? [] : [eb('session_id', '=', sessionId)]),
        ...(invitationId === null ? [] : [eb('invitation_id', '=', invitationId)]),
      ]),
    )
    .returning('delivery_id')
    .execute();
  return rows.map((row) => row.delivery_id);
}

export const privacyWrites = defineWrites({
  async setRetentionDays({ atomically }, companyId: string, days: number, at: number): Promise<void> {
    await atomically(async (db) => {
      await db
        .insertInto('retention_periods')
        .values({ company_id: companyId, from_at: at, retention_days: days })
        .onConflict((conflict) =>
          conflict
            .columns(['company_id', 'from_at'])
            .doUpdateSet((eb) => ({ retention_days: eb.ref('excluded.retention_days') })),
        )
        .execute();
      await db
        .insertInto('company_settings')
        .values({ company_id: companyId, retention_days: days, updated_at: at })
        .onConflict((conflict) =>
          conflict.column('company_id').doUpdateSet((eb) => ({
            retention_days: eb.ref('excluded.retention_days'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    });
  },

  async keepCountedMonth(context, testId: string, month: KeptMonth): Promise<void> {
    await context.atomically(async (db) => {
      await db
        .insertInto('gender_report_months')
        .values({
          test_id: testId,
          registered_month: month.registeredMonth,
          counted_at: month.countedAt,
          counts: month.counts,
        })
        .onConflict((conflict) => conflict.columns(['test_id', 'registered_month']).doNothing())
        .execute();
    });
  },

  async eraseUnusedInvitation(context, invitationId: string, at: number): Promise<ErasedMail> {
    context.forgets();
    return context.atomically(async (db) => {
      const erased = await db
        .updateTable('invitations')
        .set({ erased_at: at, email: '', name: null })
        .where('invitation_id', '=', invitationId)
        .where('session_id', 'is', null)
        .executeTakeFirst();
      if (erased.numUpdatedRows === 0n) return { deliveryIds: [] };
      const deliveryIds = await deleteDeliveries(db, null, invitationId);
      await eraseGreenhouseParts(db, invitationId, at);
      // The looks at whom it was for go with them, as a session's go with it, and so do their
      // openings of the link.
      await db.deleteFrom('access_log').where('invitation_id', '=', invitationId).execute();
      await db.deleteFrom('invitation_opens').where('invitation_id', '=', invitationId).execute();
      return { deliveryIds };
    });
  },

  async deleteSilentSession(context, sessionId: string): Promise<boolean> {
    context.forgets();
    const deleted = await context.atomically(async (db) => {
      const silent = await db
        .selectFrom('sessions')
        .select('session_id')
        .where('session_id', '=', sessionId)
        .where('invitation_id', 'is', null)
        .where(sentNothing('sessions.session_id'))
        .executeTakeFirst();
      if (!silent) return false;
      await db.deleteFrom('demographics').where('session_id', '=', sessionId).execute();
      for (const table of SESSION_PARTS) await db.deleteFrom(table).where('session_id', '=', sessionId).execute();
      await db.deleteFrom('sessions').where('session_id', '=', sessionId).execute();
      return true;
    });
    context.local('known-sessions', knownSessions).forget(sessionId);
    return deleted;
  },

  async eraseSession(context, sessionId: string, at: number, reason: ErasureReason): Promise<ErasedMail | null> {
    context.forgets();
    const erased = await context.atomically(async (db) => {
      const session = await db
        .selectFrom('sessions')
        .select(['key_hash', 'test_id', 'invitation_id'])
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      if (!session) return null;
      await db
        .insertInto('erased_sessions')
        .values({ session_id: sessionId, key_hash: session.key_hash, test_id: session.test_id, erased_at: at, reason })
        .onConflict((conflict) => conflict.column('session_id').doNothing())
        .execute();
      // Only the count stays: the demographic row is no longer anyone's.
      await db.updateTable('demographics').set({ session_id: null }).where('session_id', '=', sessionId).execute();
      // The link says the data was erased; who it was made for goes.
      await db
        .updateTable('invitations')
        .set({ erased_at: at, email: '', name: null })
        .where('session_id', '=', sessionId)
        .execute();
      const deliveryIds = await deleteDeliveries(db, sessionId, session.invitation_id);
      if (session.invitation_id !== null) {
        await eraseGreenhouseParts(db, session.invitation_id, at);
        // Looks at their invitation, made before and after they used it: the cascade below takes
        // only the entries on the session itself.
        await db.deleteFrom('access_log').where('invitation_id', '=', session.invitation_id).execute();
        await db.deleteFrom('invitation_opens').where('invitation_id', '=', session.invitation_id).execute();
      }
      for (const table of SESSION_PARTS) await db.deleteFrom(table).where('session_id', '=', sessionId).execute();
      // Every later table references the session with ON DELETE CASCADE.
      await db.deleteFrom('sessions').where('session_id', '=', sessionId).execute();
      // Named by its random id alone, and tied to no row, so it outlives the session it tells of.
      await queueWebhook(db, context.deliveryJobs, {
        type: 'candidate.erased',
        testId: session.test_id,
        cause: sessionId,
        data: { sessionId, reason },
        sessionId: null,
        invitationId: null,
        at,
      });
      return { deliveryIds };
    });
    context.local('known-sessions', knownSessions).forget(sessionId);
    return erased;
  },
});

/**
 * `known` is what this instance's session store remembers of keys and sessions (`known-sessions.ts`):
 * a session erased here is forgotten there at once, so its key opens nothing again.
 */
export function createPrivacyStore({ reads: db, dialect, write }: Storage, known: KnownSessions): PrivacyStore {
  /** The test's counted months, or the one named. */
  const keptMonths = async (testId: string, month?: string): Promise<KeptMonth[]> => {
    let query = db
      .selectFrom('gender_report_months')
      .select(['registered_month', 'counted_at', 'counts'])
      .where('test_id', '=', testId);
    if (month !== undefined) query = query.where('registered_month', '=', month);
    const rows = await query.execute();
    return rows.map((row) => ({
      registeredMonth: row.registered_month,
      countedAt: Number(row.counted_at),
      counts: row.counts,
    }));
  };
  /** Sessions of these tests (`in`), or of all others (`not in`), that started from `from` and before `before`, oldest first. */
  const sessionsStarted = async (
    tests: 'in' | 'not in',
    testIds: readonly string[],
    from: number,
    before: number,
    limit: number,
  ): Promise<string[]> => {
    if (before <= from) return [];
    const rows = await db
      .selectFrom('sessions')
      .select('session_id')
      .where('test_id', tests, dialect.textList(testIds))
      .where('started_at', '>=', from)
      .where('started_at', '<', before)
      .orderBy('started_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.session_id);
  };
  /** Invitations of these tests (`in`), or of all others (`not in`), nobody used, that stopped working before `before`. */
  const unusedEnded = async (
    tests: 'in' | 'not in',
    testIds: readonly string[],
    before: number,
    limit: number,
  ): Promise<string[]> => {
    const rows = await db
      .selectFrom('invitations')
      .select('invitation_id')
      .where('test_id', tests, dialect.textList(testIds))
      .where('session_id', 'is', null)
      .where('erased_at', 'is', null)
      .where((eb) => eb(eb.fn.coalesce('revoked_at', 'expires_at'), '<', before))
      .limit(limit)
      .execute();
    return rows.map((row) => row.invitation_id);
  };
  return {
    async retentionDays(companyId) {
      const row = await db
        .selectFrom('company_settings')
        .select('retention_days')
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return row?.retention_days ?? DEFAULT_RETENTION_DAYS;
    },
    setRetentionDays: (companyId, days, at) => write('setRetentionDays', companyId, days, at),
    async eraseSession(sessionId, at, reason) {
      const erased = await write('eraseSession', sessionId, at, reason);
      known.forget(sessionId);
      return erased;
    },
    async demographicAnswer(sessionId) {
      const row = await db
        .selectFrom('demographics')
        .select('gender')
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return row?.gender ?? null;
    },
    async demographicCounts(testId) {
      const rows = await db
        .selectFrom('demographics')
        .select((eb) => [
          'gender',
          'registered_month',
          'stage',
          eb.fn.countAll().as('registered'),
          eb.fn.count(eb.case().when('finished', '=', true).then(1).end()).as('finished'),
        ])
        .where('test_id', '=', testId)
        .where('registered_month', '<>', '')
        .groupBy(['gender', 'registered_month', 'stage'])
        .execute();
      // A count may be a 64-bit integer, which a driver can hand over as text.
      return rows.map((row) => ({
        gender: row.gender,
        registeredMonth: row.registered_month,
        stage: row.stage,
        registered: Number(row.registered),
        finished: Number(row.finished),
      }));
    },
    countedMonths: (testId) => keptMonths(testId),
    async keepCountedMonth(testId, month) {
      await write('keepCountedMonth', testId, month);
      const [kept] = await keptMonths(testId, month.registeredMonth);
      if (!kept) throw new Error(`The counts of ${month.registeredMonth} were not kept`);
      return kept;
    },
    async silentSessionsBefore(before, limit) {
      const rows = await db
        .selectFrom('sessions')
        .select('session_id')
        .where('invitation_id', 'is', null)
        .where('started_at', '<', before)
        .where(sentNothing('sessions.session_id'))
        .orderBy('started_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.session_id);
    },
    async deleteSilentSession(sessionId) {
      const deleted = await write('deleteSilentSession', sessionId);
      known.forget(sessionId);
      return deleted;
    },
    async retentionPeriods(companyId) {
      const rows = await db
        .selectFrom('retention_periods')
        .select(['from_at', 'retention_days'])
        .where('company_id', '=', companyId)
        .orderBy('from_at')
        .execute();
      return rows.map((row) => ({ fromAt: Number(row.from_at), days: row.retention_days }));
    },
    sessionsStartedBetween: (testIds, from, before, limit) => sessionsStarted('in', testIds, from, before, limit),
    unusedInvitationsEndedBefore: (testIds, before, limit) => unusedEnded('in', testIds, before, limit),
    async shortestRetentionDays() {
      const row = await db
        .selectFrom('retention_periods')
        .select((eb) => eb.fn.min('retention_days').as('days'))
        .executeTakeFirst();
      return Math.min(row?.days ?? DEFAULT_RETENTION_DAYS, DEFAULT_RETENTION_DAYS);
    },
    sessionsOfOtherTestsStartedBefore: (testIds, before, limit) => sessionsStarted('not in', testIds, 0, before, limit),
    unusedInvitationsOfOtherTestsEndedBefore: (testIds, before, limit) => unusedEnded('not in', testIds, before, limit),
    eraseUnusedInvitation: (invitationId, at) => write('eraseUnusedInvitation', invitationId, at),
  };
}
