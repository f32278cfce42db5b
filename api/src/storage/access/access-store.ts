import { randomUUID } from 'node:crypto';
import type { AccessAction, AccessRole } from '@assessment/core';
import type { ExpressionBuilder, Selectable } from 'kysely';
import { defineWrites } from '../db/database.ts';
import type { AccessLogTable, Schema } from '../db/schema.ts';
import type { Storage } from '../db/storage.ts';

/** Every look at a candidate by the company or the operator, and what the candidate is shown of it. */

/**
 * Whom a look was at: a candidate's session, or a personal invitation, as the list of invitations
 * shows one whether or not a session has used it (`api/src/privacy/access-records.ts`).
 */
export type LookedAt = { sessionId: string; invitationId: null } | { sessionId: null; invitationId: string };

export type AccessEntry = LookedAt & {
  companyId: string;
  /** The reviewer's email, `operator`, or `Greenhouse`. */
  actor: string;
  actorRole: AccessRole;
  action: AccessAction;
  detail: string | null;
  at: number;
  address: string;
};

export type StoredAccessEntry = AccessEntry & {
  entryId: string;
};

export type CompanyLogEntry = StoredAccessEntry & {
  /** For a look at a personal invitation, the email it is for: whom the company's admins read it was at. */
  invitee: string | null;
};

export interface AccessCursor {
  at: number;
  entryId: string;
}

export interface AccessLogStore {
  record(entries: AccessEntry[]): Promise<void>;
  /** The company's entries, newest first, a page at a time. */
  companyLog(query: { companyId: string; before?: AccessCursor; limit: number }): Promise<{
    entries: CompanyLogEntry[];
    next?: AccessCursor;
  }>;
  /** When this person's newest entry of this action on this candidate was made. */
  lastLook(sessionId: string, actor: string, action: AccessAction): Promise<number | undefined>;
  /**
   * Of the sessions or invitations named, those this person has an entry of this action on made
   * after `since`, each with the detail of such an entry: one query for a whole page of a list.
   */
  looksSince(
    query: ({ sessionIds: readonly string[] } | { invitationIds: readonly string[] }) & {
      actor: string;
      action: AccessAction;
      since: number;
    },
  ): Promise<{ id: string; detail: string | null }[]>;
  /**
   * One candidate's newest entries, those at the personal invitation they started with included
   * (made before or after they used it), and how many different people of each role looked.
   */
  ofSession(
    sessionId: string,
    invitationId: string | null,
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
        invitation_id: entry.invitationId,
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

/** An entry names a session or an invitation, never both (`migrations/0024-invitation-looks.ts`). */
function lookedAt(row: Selectable<AccessLogTable>): LookedAt {
  if (row.session_id !== null) return { sessionId: row.session_id, invitationId: null };
  return { sessionId: null, invitationId: row.invitation_id as string };
}

function toEntry(row: Selectable<AccessLogTable>): StoredAccessEntry {
  return {
    entryId: row.entry_id,
    ...lookedAt(row),
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
      let select = db
        .selectFrom('access_log')
        .leftJoin('invitations', 'invitations.invitation_id', 'access_log.invitation_id')
        .selectAll('access_log')
        .select('invitations.email as invitee')
        .where('access_log.company_id', '=', companyId);
      if (before) {
        select = select.where((eb) =>
          eb(eb.refTuple('access_log.at', 'access_log.entry_id'), '<', eb.tuple(before.at, before.entryId)),
        );
      }
      const rows = await select
        .orderBy('access_log.at', 'desc')
        .orderBy('access_log.entry_id', 'desc')
        .limit(limit + 1)
        .execute();
      const entries = rows.slice(0, limit).map((row) => ({ ...toEntry(row), invitee: row.invitee }));
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
    async looksSince(query) {
      const [column, ids] =
        'sessionIds' in query
          ? (['session_id', query.sessionIds] as const)
          : (['invitation_id', query.invitationIds] as const);
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('access_log')
        .select([`${column} as id`, 'detail'])
        .distinct()
        .where(column, 'in', ids)
        .where('actor', '=', query.actor)
        .where('action', '=', query.action)
        .where('at', '>', query.since)
        .execute();
      return rows.map((row) => ({ id: row.id as string, detail: row.detail }));
    },
    async ofSession(sessionId, invitationId, limit) {
      const theirs = (eb: ExpressionBuilder<Schema, 'access_log'>) =>
        invitationId === null
          ? eb('session_id', '=', sessionId)
          : eb.or([eb('session_id', '=', sessionId), eb('invitation_id', '=', invitationId)]);
      const [rows, people] = await Promise.all([
        db
          .selectFrom('access_log')
          .selectAll()
          .where(theirs)
          .orderBy('at', 'desc')
          .orderBy('entry_id', 'desc')
          .limit(limit)
          .execute(),
        db
          .selectFrom('access_log')
          .select((eb) => ['actor_role', eb.fn.count<number>('actor').distinct().as('people')])
          .where(theirs)
          .groupBy('actor_role')
          .execute(),
      ]);
      const counts: Record<AccessRole, number> = { admin: 0, reviewer: 0, ats: 0, operator: 0 };
      for (const row of people) counts[row.actor_role as AccessRole] = Number(row.people);
      return { entries: rows.map(toEntry), people: counts };
    },
  };
}
