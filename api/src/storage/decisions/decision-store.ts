import { randomUUID } from 'node:crypto';
import { CANDIDATE_STAGES, type CandidateStage } from '@assessment/core';
import { defineWrites } from '../db/database.ts';
import type { Storage } from '../db/storage.ts';
import { queueWebhook } from '../deliveries/delivery-store.ts';

/** The hiring team's decisions about a candidate: the stage, how it got there, and the notes. */

export interface StoredStageChange {
  from: CandidateStage;
  to: CandidateStage;
  reason: string | null;
  actor: string;
  at: number;
}

export interface StoredNote {
  noteId: string;
  body: string;
  actor: string;
  at: number;
}

export interface DecisionStore {
  decisions(sessionId: string): Promise<{ stage: CandidateStage; history: StoredStageChange[]; notes: StoredNote[] }>;
  /** Moves the candidate to `to`, on record; the change it made, or null when it was there already. */
  setStage(change: {
    sessionId: string;
    to: CandidateStage;
    reason: string | null;
    actor: string;
    at: number;
  }): Promise<StoredStageChange | null>;
  addNote(note: { sessionId: string; body: string; actor: string; at: number }): Promise<StoredNote>;
  /** The reasons the company's reviewers choose from for a stage change, in its admin's order. */
  stageReasons(companyId: string): Promise<string[]>;
  /** Replaces the company's list of reasons as one change: a reviewer never reads half of it. */
  setStageReasons(companyId: string, reasons: readonly string[], at: number): Promise<void>;
}

const stageOf = (value: string | undefined): CandidateStage =>
  CANDIDATE_STAGES.find((stage) => stage === value) ?? 'new';

export const decisionWrites = defineWrites({
  async setStage(
    { atomically, deliveryJobs },
    change: { sessionId: string; to: CandidateStage; reason: string | null; actor: string; at: number },
  ): Promise<StoredStageChange | null> {
    return atomically(async (db) => {
      const current = await db
        .selectFrom('candidate_stages')
        .select('stage')
        .where('session_id', '=', change.sessionId)
        .executeTakeFirst();
      const from = stageOf(current?.stage);
      if (from === change.to) return null;
      await db
        .insertInto('candidate_stages')
        .values({ session_id: change.sessionId, stage: change.to, changed_at: change.at })
        .onConflict((conflict) =>
          conflict.column('session_id').doUpdateSet({ stage: change.to, changed_at: change.at }),
        )
        .execute();
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
          at: change.at,
        })
        .execute();
      return { from, to: change.to, reason: change.reason, actor: change.actor, at: change.at };
    });
  },

  async addNote({ db }, note: { sessionId: string; body: string; actor: string; at: number }): Promise<StoredNote> {
    const noteId = randomUUID();
    await db
      .insertInto('candidate_notes')
      .values({ note_id: noteId, session_id: note.sessionId, actor: note.actor, body: note.body, at: note.at })
      .execute();
    return { noteId, body: note.body, actor: note.actor, at: note.at };
  },

  async setStageReasons({ atomically }, companyId: string, reasons: readonly string[], at: number): Promise<void> {
    await atomically(async (db) => {
      await db.deleteFrom('stage_reasons').where('company_id', '=', companyId).execute();
      if (reasons.length === 0) return;
      await db
        .insertInto('stage_reasons')
        .values(reasons.map((reason, position) => ({ company_id: companyId, position, reason, updated_at: at })))
        .execute();
    });
  },
});

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
        history: history.map((row) => ({
          from: stageOf(row.from_stage),
          to: stageOf(row.to_stage),
          reason: row.reason,
          actor: row.actor,
          at: row.at,
        })),
        notes: notes.map((row) => ({ noteId: row.note_id, body: row.body, actor: row.actor, at: row.at })),
      };
    },
    setStage: (change) => write('setStage', change),
    addNote: (note) => write('addNote', note),
    async stageReasons(companyId) {
      const rows = await db
        .selectFrom('stage_reasons')
        .select('reason')
        .where('company_id', '=', companyId)
        .orderBy('position')
        .execute();
      return rows.map((row) => row.reason);
    },
    setStageReasons: (companyId, reasons, at) => write('setStageReasons', companyId, reasons, at),
  };
}
