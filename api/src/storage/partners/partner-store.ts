import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { defineWrites } from '../db/database.ts';
import type { GreenhouseReportsTable, PartnerKeysTable } from '../db/schema.ts';
import type { Storage } from '../db/storage.ts';
import type { NewInvitation } from '../invitations/invitation-store.ts';
import { insertInvitation } from '../invitations/invitation-writes.ts';

/**
 * Greenhouse's side of a company (`migrations/0028-greenhouse.ts`): the keys it gave Greenhouse,
 * the tests Greenhouse sent, and what Greenhouse reported it could not use.
 */

export interface StoredPartnerKey {
  keyId: string;
  companyId: string;
  name: string;
  keyHash: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface StoredGreenhouseInvitation {
  invitationId: string;
  companyId: string;
  keyId: string;
  /** '' once the candidate was erased. */
  url: string;
  profileUrl: string;
  createdAt: number;
  erasedAt: number | null;
}

export interface NewGreenhouseInvitation {
  companyId: string;
  keyId: string;
  urlHash: string;
  url: string;
  profileUrl: string;
}

export interface GreenhouseReport {
  companyId: string;
  apiCall: string;
  errors: string[];
  partnerTestId: string | null;
  partnerTestName: string | null;
  partnerInterviewId: string | null;
  receivedAt: number;
}

export interface StoredGreenhouseReport extends GreenhouseReport {
  reportId: string;
}

export interface PartnerStore {
  /** Keeps a new key's hash; `too-many` when the company holds `maxLive` live keys already. */
  addKey(key: Omit<StoredPartnerKey, 'lastUsedAt' | 'revokedAt'>, maxLive: number): Promise<'added' | 'too-many'>;
  key(keyId: string): Promise<StoredPartnerKey | undefined>;
  /** The company's keys, revoked ones too, newest first. */
  keysOf(companyId: string): Promise<StoredPartnerKey[]>;
  /** The first revocation counts; undefined for no such key of the company. */
  revokeKey(companyId: string, keyId: string, at: number): Promise<StoredPartnerKey | undefined>;
  /** Notes that Greenhouse called with the key. */
  keyUsed(keyId: string, at: number): Promise<void>;
  /**
   * Makes the personal invitation (with its email) and the test's row together, unless the
   * company's test of this `url` exists already: then nothing is made, and its invitation is the
   * answer (a repeated `send_test`, also after its candidate was erased).
   */
  sendTest(test: NewGreenhouseInvitation, invitation: NewInvitation): Promise<{ invitationId: string; made: boolean }>;
  greenhouseInvitation(invitationId: string): Promise<StoredGreenhouseInvitation | undefined>;
  /** Keeps a report, and only the company's newest `keep`. */
  keepReport(report: GreenhouseReport, keep: number): Promise<void>;
  /** The company's reports, newest first. */
  reportsOf(companyId: string, limit: number): Promise<StoredGreenhouseReport[]>;
}

function toKey(row: Selectable<PartnerKeysTable>): StoredPartnerKey {
  return {
    keyId: row.key_id,
    companyId: row.company_id,
    name: row.name,
    keyHash: row.key_hash,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

function toReport(row: Selectable<GreenhouseReportsTable>): StoredGreenhouseReport {
  return {
    reportId: row.report_id,
    companyId: row.company_id,
    apiCall: row.api_call,
    errors: JSON.parse(row.errors) as string[],
    partnerTestId: row.partner_test_id,
    partnerTestName: row.partner_test_name,
    partnerInterviewId: row.partner_interview_id,
    receivedAt: Number(row.received_at),
  };
}

export const partnerWrites = defineWrites({
  async addPartnerKey(
    { atomically, dialect },
    key: Omit<StoredPartnerKey, 'lastUsedAt' | 'revokedAt'>,
    maxLive: number,
  ): Promise<'added' | 'too-many'> {
    return atomically(async (db) => {
      // The company's live keys, locked: two admins adding at once take turns at the count.
      const live = await dialect
        .forUpdate(
          db
            .selectFrom('partner_keys')
            .select('key_id')
            .where('company_id', '=', key.companyId)
            .where('revoked_at', 'is', null),
        )
        .execute();
      if (live.length >= maxLive) return 'too-many';
      await db
        .insertInto('partner_keys')
        .values({
          key_id: key.keyId,
          company_id: key.companyId,
          name: key.name,
          key_hash: key.keyHash,
          created_at: key.createdAt,
        })
        .execute();
      return 'added';
    });
  },

  async revokePartnerKey({ db }, companyId: string, keyId: string, at: number): Promise<StoredPartnerKey | undefined> {
    const row = await db
      .updateTable('partner_keys')
      .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)) }))
      .where('key_id', '=', keyId)
      .where('company_id', '=', companyId)
      .returningAll()
      .executeTakeFirst();
    return row && toKey(row);
  },

  async partnerKeyUsed({ db }, keyId: string, at: number): Promise<void> {
    await db.updateTable('partner_keys').set({ last_used_at: at }).where('key_id', '=', keyId).execute();
  },

  async sendGreenhouseTest(
    { atomically, deliveryJobs, dialect, db: outside },
    test: NewGreenhouseInvitation,
    invitation: NewInvitation,
  ): Promise<{ invitationId: string; made: boolean }> {
    const held = (db: typeof outside) =>
      db
        .selectFrom('greenhouse_invitations')
        .select('invitation_id')
        .where('company_id', '=', test.companyId)
        .where('url_hash', '=', test.urlHash)
        .executeTakeFirst();
    try {
      return await atomically(async (db) => {
        const sent = await held(db);
        if (sent) return { invitationId: sent.invitation_id, made: false };
        await insertInvitation(db, deliveryJobs, invitation);
        await db
          .insertInto('greenhouse_invitations')
          .values({
            invitation_id: invitation.invitationId,
            company_id: test.companyId,
            key_id: test.keyId,
            url_hash: test.urlHash,
            callback_url: test.url,
            profile_url: test.profileUrl,
            created_at: invitation.createdAt,
          })
          .execute();
        return { invitationId: invitation.invitationId, made: true };
      });
    } catch (error) {
      // The same `send_test` on another instance at the same moment: its test stands, this one was rolled back.
      if (!dialect.isUniqueViolation(error)) throw error;
      const sent = await held(outside);
      if (!sent) throw error;
      return { invitationId: sent.invitation_id, made: false };
    }
  },

  async keepGreenhouseReport({ atomically }, report: GreenhouseReport, keep: number): Promise<void> {
    await atomically(async (db) => {
      await db
        .insertInto('greenhouse_reports')
        .values({
          report_id: `ghr_${randomUUID()}`,
          company_id: report.companyId,
          api_call: report.apiCall,
          errors: JSON.stringify(report.errors),
          partner_test_id: report.partnerTestId,
          partner_test_name: report.partnerTestName,
          partner_interview_id: report.partnerInterviewId,
          received_at: report.receivedAt,
        })
        .execute();
      const oldest = await db
        .selectFrom('greenhouse_reports')
        .select(['received_at', 'report_id'])
        .where('company_id', '=', report.companyId)
        .orderBy('received_at', 'desc')
        .orderBy('report_id', 'desc')
        .offset(keep - 1)
        .limit(1)
        .executeTakeFirst();
      if (!oldest) return;
      await db
        .deleteFrom('greenhouse_reports')
        .where('company_id', '=', report.companyId)
        .where((eb) =>
          eb(eb.refTuple('received_at', 'report_id'), '<', eb.tuple(Number(oldest.received_at), oldest.report_id)),
        )
        .execute();
    });
  },
});

export function createPartnerStore({ reads: db, write }: Storage): PartnerStore {
  return {
    addKey: (key, maxLive) => write('addPartnerKey', key, maxLive),
    async key(keyId) {
      const row = await db.selectFrom('partner_keys').selectAll().where('key_id', '=', keyId).executeTakeFirst();
      return row && toKey(row);
    },
    async keysOf(companyId) {
      const rows = await db
        .selectFrom('partner_keys')
        .selectAll()
        .where('company_id', '=', companyId)
        .orderBy('created_at', 'desc')
        .orderBy('key_id', 'desc')
        .execute();
      return rows.map(toKey);
    },
    revokeKey: (companyId, keyId, at) => write('revokePartnerKey', companyId, keyId, at),
    keyUsed: (keyId, at) => write('partnerKeyUsed', keyId, at),
    sendTest: (test, invitation) => write('sendGreenhouseTest', test, invitation),
    async greenhouseInvitation(invitationId) {
      const row = await db
        .selectFrom('greenhouse_invitations')
        .selectAll()
        .where('invitation_id', '=', invitationId)
        .executeTakeFirst();
      return (
        row && {
          invitationId: row.invitation_id,
          companyId: row.company_id,
          keyId: row.key_id,
          url: row.callback_url,
          profileUrl: row.profile_url,
          createdAt: Number(row.created_at),
          erasedAt: row.erased_at === null ? null : Number(row.erased_at),
        }
      );
    },
    keepReport: (report, keep) => write('keepGreenhouseReport', report, keep),
    async reportsOf(companyId, limit) {
      const rows = await db
        .selectFrom('greenhouse_reports')
        .selectAll()
        .where('company_id', '=', companyId)
        .orderBy('received_at', 'desc')
        .orderBy('report_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toReport);
    },
  };
}
