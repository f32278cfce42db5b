import { randomUUID } from 'node:crypto';
import type { AccessAction, AccessRole } from '@assessment/core';
import type { Selectable } from 'kysely';
import { defineWrites } from '../db/database.ts';
import type { AccessLogTable } from '../db/schema.ts';
import type { Storage } from '../db/storage.ts';

/** Every look at a candidate by the company or the operator, and what the candidate is shown of it. */

export interface AccessEntry {
  sessionId: string;
  companyId: string;
  /** The reviewer's email, or `operator`. */
  actor: string;
  actorRole: AccessRole;
  action: AccessAction;
  detail: string | null;
  at: number;
  address: string;
}

export interface StoredAccessEntry extends AccessEntry {
  entryId: string;
}

export interface AccessCursor {
  at: number;
  entryId: string;
}

export interface AccessLogStore {
  record(entries: AccessEntry[]): Promise<void>;
  /** The company's entries, newest first, a page at a time. */
  companyLog(query: { companyId: string; before?: AccessCursor; limit: number }): Promise<{
    entries: StoredAccessEntry[];
    next?: AccessCursor;
  }>;
  /** When this person's newest entry of this action on this candidate was made. */
  lastLook(sessionId: string, actor: string, action: AccessAction): Promise<number | undefined>;
  /**
   * Of `sessionIds`, those this person has an entry of this action on made after `since`, each
   * with the detail of such an entry: one query for a whole page of candidates.
   */
  looksSince(query: {
    sessionIds: readonly string[];
    actor: string;
    action: AccessAction;
    since: number;
  }): Promise<{ sessionId: string; detail: string | null }[]>;
  /** One candidate's newest entries, and how many different people of each role looked. */
  ofSession(
    sessionId: string,
    limit: number,
  ): Promise<{ entries: StoredAccessEntry[]; people: Record<AccessRole, number> }>;
}

/** Written in slices, so a CSV of thousands of candidates makes statements of a bounded size. */
const ROWS_PER_INSERT = 200;

export const accessWrites = defineWrites({
  async recordAccess({ db }, entries: AccessEntry[]): Promise<void> {
    for (let start = 0; start < entries.length; start += ROWS_PER_INSERT) {
      const rows = entries.slice(start, start + ROWS_PER_INSERT).map((entry) => ({
        entry_id: randomUUID(),
        session_id: entry.sessionId,
        company_id: entry.companyId,
        actor: entry.actor,
        actor_role: entry.actorRole,
        action: entry.action,
        detail: entry.detail,
        at: entry.at,
        address: entry.address,
      }));
      await db.insertInto('access_log').values(rows).execute();
    }
  },
});

function toEntry(row: Selectable<AccessLogTable>): StoredAccessEntry {
  return {
    entryId: row.entry_id,
    sessionId: row.session_id,
    companyId: row.company_id,
    actor: row.actor,
    actorRole: row.actor_role as AccessRole,
    action: row.action as AccessAction,
    detail: row.detail,
    at: row.at,
    address: row.address,
  };
}

export function createAccessLogStore({ reads: db, write }: Storage): AccessLogStore {
  return {
    record: async (entries) => {
      if (entries.length > 0) await write('recordAccess', entries);
    },
    async companyLog({ companyId, before, limit }) {
      let select = db.selectFrom('access_log').selectAll().where('company_id', '=', companyId);
      if (before) {
        select = select.where((eb) => eb(eb.refTuple('at', 'entry_id'), '<', eb.tuple(before.at, before.entryId)));
      }
      const rows = await select
        .orderBy('at', 'desc')
        .orderBy('entry_id', 'desc')
        .limit(limit + 1)
        .execute();
      const entries = rows.slice(0, limit).map(toEntry);
      const last = rows.length > limit ? entries.at(-1) : undefined;
      return last ? { entries, next: { at: last.at, entryId: last.entryId } } : { entries };
    },
    async lastLook(sessionId, actor, action) {
      const row = await db
        .selectFrom('access_log')
        .select((eb) => eb.fn.max('at').as('at'))
        .where('session_id', '=', sessionId)
        .where('actor', '=', actor)
        .where('action', '=', action)
        .executeTakeFirst();
      return row?.at == null ? undefined : Number(row.at);
    },
    async looksSince({ sessionIds, actor, action, since }) {
      if (sessionIds.length === 0) return [];
      const rows = await db
        .selectFrom('access_log')
        .select(['session_id', 'detail'])
        .distinct()
        .where('session_id', 'in', sessionIds)
        .where('actor', '=', actor)
        .where('action', '=', action)
        .where('at', '>', since)
        .execute();
      return rows.map((row) => ({ sessionId: row.session_id, detail: row.detail }));
    },
    async ofSession(sessionId, limit) {
      const [rows, people] = await Promise.all([
        db
          .selectFrom('access_log')
          .selectAll()
          .where('session_id', '=', sessionId)
          .orderBy('at', 'desc')
          .orderBy('entry_id', 'desc')
          .limit(limit)
          .execute(),
        db
          .selectFrom('access_log')
          .select((eb) => ['actor_role', eb.fn.count<number>('actor').distinct().as('people')])
          .where('session_id', '=', sessionId)
          .groupBy('actor_role')
          .execute(),
      ]);
      const counts: Record<AccessRole, number> = { admin: 0, reviewer: 0, operator: 0 };
      for (const row of people) counts[row.actor_role as AccessRole] = Number(row.people);
      return { entries: rows.map(toEntry), people: counts };
    },
  };
}
