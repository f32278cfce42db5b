import { type Db, defineWrites } from '../db/database.ts';
import { ReviewerExistsError } from '../errors.ts';
import type { NewReviewerSession, StoredReviewer } from './reviewer-store.ts';

/**
 * Frees an address that another company added as a teammate and that never took the link: no
 * password was ever set through it (an account the operator made has no invitation link). Without
 * this, an admin of any company could keep a person out of every other company's team for good by
 * adding their address first. The person's accepting a link is what makes the account theirs.
 */
async function releaseUnacceptedElsewhere(db: Db, email: string, companyId: string): Promise<void> {
  await db
    .deleteFrom('reviewers')
    .where('email', '=', email)
    .where('company_id', '!=', companyId)
    .where('password_hash', '=', '')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('access_links')
          .select('link_hash')
          .whereRef('access_links.reviewer_id', '=', 'reviewers.reviewer_id')
          .where('purpose', '=', 'invitation'),
      ),
    )
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('access_links')
            .select('link_hash')
            .whereRef('access_links.reviewer_id', '=', 'reviewers.reviewer_id')
            .where('used_at', 'is not', null),
        ),
      ),
    )
    .execute();
}

/**
 * A new account; `ReviewerExistsError` when the email has one already, in this company or as
 * someone's account in another. Run inside a transaction: it may free the address first.
 */
export async function insertReviewer(db: Db, reviewer: StoredReviewer): Promise<void> {
  await releaseUnacceptedElsewhere(db, reviewer.email, reviewer.companyId);
  const inserted = await db
    .insertInto('reviewers')
    .values({
      reviewer_id: reviewer.reviewerId,
      company_id: reviewer.companyId,
      email: reviewer.email,
      name: reviewer.name,
      password_hash: reviewer.passwordHash,
      created_at: reviewer.createdAt,
      role: reviewer.role,
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .executeTakeFirst();
  if ((inserted.numInsertedOrUpdatedRows ?? 0n) === 0n) throw new ReviewerExistsError(reviewer.email);
}

export const reviewerWrites = defineWrites({
  async addReviewer({ atomically }, reviewer: StoredReviewer): Promise<void> {
    await atomically((db) => insertReviewer(db, reviewer));
  },

  /** Its sign-ins, trusted browsers and two-factor secret and codes go with it (ON DELETE CASCADE). */
  async removeReviewer({ db }, email: string): Promise<boolean> {
    const deleted = await db.deleteFrom('reviewers').where('email', '=', email).executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  },

  async startReviewerSession({ db }, session: NewReviewerSession, idleMs: number): Promise<void> {
    const now = session.createdAt;
    await db
      .deleteFrom('reviewer_sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
      .execute();
    await db
      .insertInto('reviewer_sessions')
      .values({
        session_hash: session.sessionHash,
        reviewer_id: session.reviewerId,
        csrf_token: session.csrfToken,
        created_at: now,
        last_seen_at: now,
        expires_at: session.expiresAt,
      })
      .execute();
  },

  async touchReviewerSession({ db }, sessionHash: string, at: number): Promise<void> {
    await db
      .updateTable('reviewer_sessions')
      .set({ last_seen_at: at })
      .where('session_hash', '=', sessionHash)
      .where('last_seen_at', '<', at)
      .execute();
  },

  async endReviewerSession({ db }, sessionHash: string): Promise<void> {
    await db.deleteFrom('reviewer_sessions').where('session_hash', '=', sessionHash).execute();
  },

  async trustBrowser({ db }, browserHash: string, reviewerId: string, at: number, expiresAt: number): Promise<void> {
    await db.deleteFrom('trusted_browsers').where('expires_at', '<=', at).execute();
    await db
      .insertInto('trusted_browsers')
      .values({ browser_hash: browserHash, reviewer_id: reviewerId, expires_at: expiresAt })
      .execute();
  },
});
