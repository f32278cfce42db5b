import { randomUUID } from 'node:crypto';
import { CANDIDATE_STAGES, type CandidateStage } from '@assessment/core';
import { type Db, defineWrites } from '../db/database.ts';
import type { Storage } from '../db/storage.ts';
import { queueWebhook } from '../deliveries/delivery-store.ts';

/** The hiring team's decisions about a candidate: the stage, how it got there, and the notes. */

export interface StoredStageChange {
  from: CandidateStage;
  to: CandidateStage;
  reason: string | null;
  actor: string;
  /** The account that made it; null for a change from before accounts were kept. */
  reviewerId: string | null;
  at: number;
}

export interface StoredNote {
  noteId: string;
  body: string;
  actor: string;
  /** The account that wrote it; null for a note from before accounts were kept. */
  reviewerId: string | null;
  at: number;
}

export interface NoteInput {
  sessionId: string;
  body: string;
  actor: string;
  reviewerId: string;
  at: number;
}

export interface StageChangeInput {
  sessionId: string;
  /** The stage the reviewer saw when they chose `to`. */
  from: CandidateStage;
  to: CandidateStage;
  reason: string | null;
  actor: string;
  reviewerId: string;
  at: number;
}

/**
 * What a stage change came to: made; not needed, as the candidate was at `to` already; or refused,
 * nothing written, because the candidate is no longer at `from`.
 */
export type StageOutcome =
  | { outcome: 'changed'; change: StoredStageChange }
  | { outcome: 'unchanged' }
  | { outcome: 'moved-meanwhile' };

/** A company's stage reasons as they stand: the list, its version, and who saved it when. */
export interface StoredStageReasons {
  reasons: string[];
  /** 0 until an admin saves a list; one more at every save. */
  version: number;
  /** Null until an admin saves a list (one saved before versions were kept names no one). */
  saved: { actor: string; at: number } | null;
}

export interface StageReasonsChange {
  companyId: string;
  /** The version of the list the admin edited: the list is replaced only if it is still this one. */
  editedVersion: number;
  reasons: readonly string[];
  actor: string;
  at: number;
}

export interface DecisionStore {
  decisions(sessionId: string): Promise<{ stage: CandidateStage; history: StoredStageChange[]; notes: StoredNote[] }>;
  /** Moves the candidate from `from` to `to`, on record, only if they are still at `from`. */
  setStage(change: StageChangeInput): Promise<StageOutcome>;
  addNote(note: NoteInput): Promise<StoredNote>;
  /** The reasons the company's reviewers choose from for a stage change, in its admin's order. */
  stageReasons(companyId: string): Promise<string[]>;
  /** The company's reasons with their version, as an admin edits them. */
  stageReasonList(companyId: string): Promise<StoredStageReasons>;
  /**
   * Replaces the company's list of reasons as one change (a reviewer never reads half of it), as
   * the next version; refused (`stale`), nothing written, when the list is no longer at the version
   * the admin edited, so that nobody overwrites a list they have not read.
   */
  setStageReasons(change: StageReasonsChange): Promise<'saved' | 'stale'>;
}

const stageOf = (value: string | undefined): CandidateStage =>
  CANDIDATE_STAGES.find((stage) => stage === value) ?? 'new';

/**
 * Sets the stage to `to` only where it is still `from`, in one statement: of two changes from the
 * same stage, on any instance and either database, the second finds the stage moved and writes
 * nothing (where the database locks rows, the second waits for the first's lock and then reads the
 * row it left). Whether it wrote.
 */
async function moveIfStillAt(db: Db, change: StageChangeInput): Promise<boolean> {
  const values = { stage: change.to, changed_at: change.at };
  // A candidate with no row is `new`: a change from `new` may be the row's first write.
  const moved =
    change.from === 'new'
      ? await db
          .insertInto('candidate_stages')
          .values({ session_id: change.sessionId, ...values })
          .onConflict((conflict) =>
            conflict.column('session_id').doUpdateSet(values).where('candidate_stages.stage', '=', 'new'),
          )
          .returning('session_id')
          .executeTakeFirst()
      : await db
          .updateTable('candidate_stages')
          .set(values)
          .where('session_id', '=', change.sessionId)
          .where('stage', '=', change.from)
          .returning('session_id')
          .executeTakeFirst();
  return moved !== undefined;
}

/**
 * Moves the company's stage reasons to the version after `editedVersion` only where they are still
 * at it, in one statement, as `moveIfStillAt` does the stage: of two saves of the same version, on
 * any instance and either database, the second finds the version moved (where the database locks
 * rows, the first's lock, or its new row for a first save, makes it wait for the first to commit)
 * and writes nothing.
 * Whether it wrote.
 */
async function nextVersionIfStillAt(db: Db, change: StageReasonsChange): Promise<boolean> {
  const values = { version: change.editedVersion + 1, actor: change.actor, saved_at: change.at };
  // A company with no row is at version 0: a save of version 0 is the row's first write.
  const moved =
    change.editedVersion === 0
      ? await db
          .insertInto('stage_reason_lists')
          .values({ company_id: change.companyId, ...values })
          .onConflict((conflict) => conflict.column('company_id').doNothing())
          .returning('version')
          .executeTakeFirst()
      : await db
          .updateTable('stage_reason_lists')
          .set(values)
          .where('company_id', '=', change.companyId)
          .where('version', '=', change.editedVersion)
          .returning('version')
          .executeTakeFirst();
  return moved !== undefined;
}

const storedChange = (row: {
  from_stage: string;
  to_stage: string;
  reason: string | null;
  actor: string;
  reviewer_id: string | null;
  at: number;
}): StoredStageChange => ({
  from: stageOf(row.from_stage),
  to: stageOf(row.to_stage),
  reason: row.reason,
  actor: row.actor,
  reviewerId: row.reviewer_id,
  at: row.at,
});

export const decisionWrites = defineWrites({
  async setStage({ atomically, deliveryJobs }, change: StageChangeInput): Promise<StageOutcome> {
    return atomically(async (db) => {
      // Nothing to write: the reviewer chose the stage they saw, so it only matters whether it still is.
      if (change.from === change.to) {
        const current = await db
          .selectFrom('candidate_stages')
          .select('stage')
          .where('session_id', '=', change.sessionId)
          .executeTakeFirst();
        return { outcome: stageOf(current?.stage) === change.from ? 'unchanged' : 'moved-meanwhile' };
      }
      if (!(await moveIfStillAt(db, change))) return { outcome: 'moved-meanwhile' };
      const { from } = change;
      await db
        .updateTable('demographics')
        .set({ stage: change.to })
        .where('session_id', '=', change.sessionId)
        .execute();
      const changeId = randomUUID();
      const session = await db
        .selectFrom('sessions')
        .select('test_id')
        .where('session_id', '=', change.sessionId)
        .executeTakeFirst();
      if (session) {
        await queueWebhook(db, deliveryJobs, {
          type: 'candidate.stage_changed',
          testId: session.test_id,
          cause: changeId,
          data: { sessionId: change.sessionId, from, to: change.to },
          sessionId: change.sessionId,
          invitationId: null,
          at: change.at,
        });
      }
      await db
        .insertInto('stage_changes')
        .values({
          change_id: changeId,
          session_id: change.sessionId,
          from_stage: from,
          to_stage: change.to,
          reason: change.reason,
          actor: change.actor,
          reviewer_id: change.reviewerId,
          at: change.at,
        })
        .execute();
      return {
        outcome: 'changed',
        change: {
          from,
          to: change.to,
          reason: change.reason,
          actor: change.actor,
          reviewerId: change.reviewerId,
          at: change.at,
        },
      };
    });
  },

  async addNote({ db }, note: NoteInput): Promise<StoredNote> {
    const noteId = randomUUID();
    await db
      .insertInto('candidate_notes')
      .values({
        note_id: noteId,
        session_id: note.sessionId,
        actor: note.actor,
        reviewer_id: note.reviewerId,
        body: note.body,
        at: note.at,
      })
      .execute();
    return { noteId, body: note.body, actor: note.actor, reviewerId: note.reviewerId, at: note.at };
  },

  async setStageReasons({ atomically }, change: StageReasonsChange): Promise<'saved' | 'stale'> {
    const { companyId, reasons, at } = change;
    return atomically(async (db) => {
      if (!(await nextVersionIfStillAt(db, change))) return 'stale';
      await db.deleteFrom('stage_reasons').where('company_id', '=', companyId).execute();
      if (reasons.length === 0) return 'saved';
      await db
        .insertInto('stage_reasons')
        .values(reasons.map((reason, position) => ({ company_id: companyId, position, reason, updated_at: at })))
        .execute();
      return 'saved';
    });
  },
});

async function reasonsOf(db: Db, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('stage_reasons')
    .select('reason')
    .where('company_id', '=', companyId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.reason);
}

export function createDecisionStore({ reads: db, write }: Storage): DecisionStore {
  return {
    async decisions(sessionId) {
      const [current, history, notes] = await Promise.all([
        db.selectFrom('candidate_stages').select('stage').where('session_id', '=', sessionId).executeTakeFirst(),
        db
          .selectFrom('stage_changes')
          .selectAll()
          .where('session_id', '=', sessionId)
          .orderBy('at')
          .orderBy('change_id')
          .execute(),
        db
          .selectFrom('candidate_notes')
          .selectAll()
          .where('session_id', '=', sessionId)
          .orderBy('at')
          .orderBy('note_id')
          .execute(),
      ]);
      return {
        stage: stageOf(current?.stage),
        history: history.map(storedChange),
        notes: notes.map((row) => ({
          noteId: row.note_id,
          body: row.body,
          actor: row.actor,
          reviewerId: row.reviewer_id,
          at: row.at,
        })),
      };
    },
    setStage: (change) => write('setStage', change),
    addNote: (note) => write('addNote', note),
    stageReasons: (companyId) => reasonsOf(db, companyId),
    async stageReasonList(companyId) {
      // The version first, the list after: a save landing between the two shows its list under the
      // version before it, whose save is then refused, never an older list under the newer version,
      // whose save would overwrite what the admin was never shown.
      const list = await db
        .selectFrom('stage_reason_lists')
        .select(['version', 'actor', 'saved_at'])
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return {
        reasons: await reasonsOf(db, companyId),
        version: list?.version ?? 0,
        saved: list ? { actor: list.actor, at: list.saved_at } : null,
      };
    },
    setStageReasons: (change) => write('setStageReasons', change),
  };
}
