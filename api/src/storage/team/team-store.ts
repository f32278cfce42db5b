import { type Db, type DeliveryJobs, defineWrites } from '../db/database.ts';
import type { Storage } from '../db/storage.ts';
import { queueDelivery } from '../deliveries/delivery-store.ts';
import { type StoredReviewer, toReviewer } from '../reviewers/reviewer-store.ts';
import { insertReviewer } from '../reviewers/reviewer-writes.ts';

/**
 * A company's team as its admins manage it on the review page: teammates added with a one-time
 * link to set their password, access reset, teammates removed (`migrations/0014-access-links.ts`).
 */

export type AccessLinkPurpose = 'invitation' | 'reset';

export interface Teammate extends StoredReviewer {
  /** Has set a password: can sign in. */
  active: boolean;
  /** When their unused link expires, or null without one. */
  linkExpiresAt: number | null;
  /** Has two-factor sign-in on (set up and confirmed). */
  twoFactor: boolean;
}

export interface NewAccessLink {
  linkHash: string;
  createdAt: number;
  expiresAt: number;
  /**
   * The link's email, queued with the change that makes it, where email is set up: its payload
   * holds the secret until the message is sent (`delivery-store.ts`).
   */
  mail?: { payload: string };
}

/** Queues a link's email in the transaction that makes the link: both are kept, or neither. */
async function queueLinkMail(
  db: Db,
  jobs: DeliveryJobs,
  link: NewAccessLink,
  reviewer: { companyId: string; email: string },
) {
  if (!link.mail) return;
  await queueDelivery(db, jobs, {
    idempotencyKey: `teammate:${link.linkHash}`,
    companyId: reviewer.companyId,
    kind: 'teammate',
    recipient: reviewer.email,
    invitationId: null,
    sessionId: null,
    at: link.createdAt,
    payload: link.mail.payload,
  });
}

export interface TeamStore {
  teammates(companyId: string): Promise<Teammate[]>;
  teammate(companyId: string, reviewerId: string): Promise<StoredReviewer | undefined>;
  /** A new reviewer without a password, and their link; `ReviewerExistsError` for an email taken. */
  addTeammate(reviewer: StoredReviewer, link: NewAccessLink): Promise<void>;
  /**
   * Takes the reviewer's password, two-factor sign-in, every sign-in and every trusted browser away,
   * and gives them a new link in place of any unused one: a lost phone is solved by an admin too.
   */
  resetAccess(reviewerId: string, link: NewAccessLink): Promise<void>;
  /** The reviewer a link may still set the password of, and why it was made. */
  liveLink(
    linkHash: string,
    at: number,
  ): Promise<{ reviewer: StoredReviewer; purpose: AccessLinkPurpose; expiresAt: number } | undefined>;
  /** Sets the password through a live link, once; false when the link is used, expired or unknown. */
  setPasswordByLink(linkHash: string, passwordHash: string, at: number): Promise<boolean>;
  /** Removes the reviewer of the company and their sign-ins and links; false when there was none. */
  removeTeammate(companyId: string, reviewerId: string): Promise<boolean>;
}

const purposeOf = (value: string): AccessLinkPurpose => (value === 'reset' ? 'reset' : 'invitation');

export const teamWrites = defineWrites({
  async addTeammate({ atomically, deliveryJobs }, reviewer: StoredReviewer, link: NewAccessLink): Promise<void> {
    await atomically(async (db) => {
      // No password yet: an empty hash, which no password matches.
      await insertReviewer(db, { ...reviewer, passwordHash: '' });
      await db
        .insertInto('access_links')
        .values({
          link_hash: link.linkHash,
          reviewer_id: reviewer.reviewerId,
          purpose: 'invitation',
          created_at: link.createdAt,
          expires_at: link.expiresAt,
          used_at: null,
        })
        .execute();
      await queueLinkMail(db, deliveryJobs, link, reviewer);
    });
  },

  async resetAccess({ atomically, deliveryJobs }, reviewerId: string, link: NewAccessLink): Promise<void> {
    await atomically(async (db) => {
      await db.updateTable('reviewers').set({ password_hash: '' }).where('reviewer_id', '=', reviewerId).execute();
      await db.deleteFrom('reviewer_sessions').where('reviewer_id', '=', reviewerId).execute();
      await db.deleteFrom('trusted_browsers').where('reviewer_id', '=', reviewerId).execute();
      await db.deleteFrom('reviewer_two_factor').where('reviewer_id', '=', reviewerId).execute();
      await db.deleteFrom('recovery_codes').where('reviewer_id', '=', reviewerId).execute();
      await db.deleteFrom('two_factor_challenges').where('reviewer_id', '=', reviewerId).execute();
      await db.deleteFrom('access_links').where('reviewer_id', '=', reviewerId).where('used_at', 'is', null).execute();
      await db
        .insertInto('access_links')
        .values({
          link_hash: link.linkHash,
          reviewer_id: reviewerId,
          purpose: 'reset',
          created_at: link.createdAt,
          expires_at: link.expiresAt,
          used_at: null,
        })
        .execute();
      const reviewer = await db
        .selectFrom('reviewers')
        .select(['company_id as companyId', 'email'])
        .where('reviewer_id', '=', reviewerId)
        .executeTakeFirst();
      if (reviewer) await queueLinkMail(db, deliveryJobs, link, reviewer);
    });
  },

  async setPasswordByLink(
    { atomically, dialect },
    linkHash: string,
    passwordHash: string,
    at: number,
  ): Promise<boolean> {
    return atomically(async (db) => {
      const link = await dialect
        .forUpdate(
          db
            .selectFrom('access_links')
            .select('reviewer_id')
            .where('link_hash', '=', linkHash)
            .where('used_at', 'is', null)
            .where('expires_at', '>', at),
        )
        .executeTakeFirst();
      if (!link) return false;
      await db.updateTable('access_links').set({ used_at: at }).where('link_hash', '=', linkHash).execute();
      await db
        .updateTable('reviewers')
        .set({ password_hash: passwordHash })
        .where('reviewer_id', '=', link.reviewer_id)
        .execute();
      return true;
    });
  },

  /** Sign-ins, trusted browsers, links and two-factor secrets and codes go with the reviewer (ON DELETE CASCADE). */
  async removeTeammate({ db }, companyId: string, reviewerId: string): Promise<boolean> {
    const deleted = await db
      .deleteFrom('reviewers')
      .where('company_id', '=', companyId)
      .where('reviewer_id', '=', reviewerId)
      .executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  },
});

export function createTeamStore({ reads: db, write }: Storage): TeamStore {
  return {
    async teammates(companyId) {
      const rows = await db
        .selectFrom('reviewers')
        .selectAll()
        .where('company_id', '=', companyId)
        .orderBy('email')
        .execute();
      const links = await db
        .selectFrom('access_links')
        .innerJoin('reviewers', 'reviewers.reviewer_id', 'access_links.reviewer_id')
        .select(['access_links.reviewer_id', 'access_links.expires_at'])
        .where('reviewers.company_id', '=', companyId)
        .where('access_links.used_at', 'is', null)
        .execute();
      const expiry = new Map<string, number>();
      for (const link of links)
        expiry.set(link.reviewer_id, Math.max(expiry.get(link.reviewer_id) ?? 0, link.expires_at));
      const secured = await db
        .selectFrom('reviewer_two_factor')
        .innerJoin('reviewers', 'reviewers.reviewer_id', 'reviewer_two_factor.reviewer_id')
        .select('reviewer_two_factor.reviewer_id')
        .where('reviewers.company_id', '=', companyId)
        .where('reviewer_two_factor.confirmed_at', 'is not', null)
        .execute();
      const withTwoFactor = new Set(secured.map((row) => row.reviewer_id));
      return rows.map((row) => ({
        ...toReviewer(row),
        active: row.password_hash !== '',
        linkExpiresAt: expiry.get(row.reviewer_id) ?? null,
        twoFactor: withTwoFactor.has(row.reviewer_id),
      }));
    },
    async teammate(companyId, reviewerId) {
      const row = await db
        .selectFrom('reviewers')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('reviewer_id', '=', reviewerId)
        .executeTakeFirst();
      return row && toReviewer(row);
    },
    async liveLink(linkHash, at) {
      const row = await db
        .selectFrom('access_links')
        .innerJoin('reviewers', 'reviewers.reviewer_id', 'access_links.reviewer_id')
        .selectAll('reviewers')
        .select(['access_links.purpose', 'access_links.expires_at'])
        .where('access_links.link_hash', '=', linkHash)
        .where('access_links.used_at', 'is', null)
        .where('access_links.expires_at', '>', at)
        .executeTakeFirst();
      if (!row) return undefined;
      const { purpose, expires_at, ...reviewer } = row;
      return { reviewer: toReviewer(reviewer), purpose: purposeOf(purpose), expiresAt: expires_at };
    },
    addTeammate: (reviewer, link) => write('addTeammate', reviewer, link),
    resetAccess: (reviewerId, link) => write('resetAccess', reviewerId, link),
    setPasswordByLink: (linkHash, passwordHash, at) => write('setPasswordByLink', linkHash, passwordHash, at),
    removeTeammate: (companyId, reviewerId) => write('removeTeammate', companyId, reviewerId),
  };
}
