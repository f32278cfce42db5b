import type { ReviewerRole } from '@assessment/core';
import type { Selectable } from 'kysely';
import type { ReviewersTable } from '../db/schema.ts';
import type { Storage } from '../db/storage.ts';

/**
 * The hiring company's reviewer accounts, their sign-in sessions and the browsers they signed in
 * from. Times are ms since the epoch.
 */

export interface StoredReviewer {
  reviewerId: string;
  companyId: string;
  /** Lowercase. */
  email: string;
  name: string;
  /** argon2id, in its PHC string form. */
  passwordHash: string;
  createdAt: number;
  role: ReviewerRole;
}

export interface NewReviewerSession {
  /** SHA-256 of the random id in the cookie; the id itself is never stored. */
  sessionHash: string;
  reviewerId: string;
  csrfToken: string;
  createdAt: number;
  /** The absolute end, whatever the activity. */
  expiresAt: number;
}

export interface StoredReviewerSession extends NewReviewerSession {
  lastSeenAt: number;
  reviewer: StoredReviewer;
}

export interface ReviewerStore {
  /** `ReviewerExistsError` when the email has an account already. */
  addReviewer(reviewer: StoredReviewer): Promise<void>;
  reviewerOfEmail(email: string): Promise<StoredReviewer | undefined>;
  listReviewers(): Promise<StoredReviewer[]>;
  /** Removes the account and signs it out everywhere; false when there was none. */
  removeReviewer(email: string): Promise<boolean>;
  /** Also drops sign-ins that ended before `session.createdAt` (idle for `idleMs`, or past their end). */
  startReviewerSession(session: NewReviewerSession, idleMs: number): Promise<void>;
  reviewerSession(sessionHash: string): Promise<StoredReviewerSession | undefined>;
  touchReviewerSession(sessionHash: string, at: number): Promise<void>;
  endReviewerSession(sessionHash: string): Promise<void>;
  /** Trusts a browser the reviewer signed in from until `expiresAt`; also forgets every trust that has ended. */
  trustBrowser(browserHash: string, reviewerId: string, at: number, expiresAt: number): Promise<void>;
  /** The reviewer who signed in from this browser, while its trust lasts. */
  trustedBrowserReviewer(browserHash: string, at: number): Promise<StoredReviewer | undefined>;
}

export function toReviewer(row: Selectable<ReviewersTable>): StoredReviewer {
  return {
    reviewerId: row.reviewer_id,
    companyId: row.company_id,
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
    role: row.role === 'reviewer' ? 'reviewer' : 'admin',
  };
}

export function createReviewerStore({ reads: db, write }: Storage): ReviewerStore {
  return {
    addReviewer: (reviewer) => write('addReviewer', reviewer),
    removeReviewer: (email) => write('removeReviewer', email),
    startReviewerSession: (session, idleMs) => write('startReviewerSession', session, idleMs),
    touchReviewerSession: (sessionHash, at) => write('touchReviewerSession', sessionHash, at),
    endReviewerSession: (sessionHash) => write('endReviewerSession', sessionHash),
    trustBrowser: (browserHash, reviewerId, at, expiresAt) =>
      write('trustBrowser', browserHash, reviewerId, at, expiresAt),
    async reviewerOfEmail(email) {
      const row = await db.selectFrom('reviewers').selectAll().where('email', '=', email).executeTakeFirst();
      return row && toReviewer(row);
    },
    async listReviewers() {
      const rows = await db.selectFrom('reviewers').selectAll().orderBy('company_id').orderBy('email').execute();
      return rows.map(toReviewer);
    },
    async trustedBrowserReviewer(browserHash, at) {
      const row = await db
        .selectFrom('trusted_browsers')
        .innerJoin('reviewers', 'reviewers.reviewer_id', 'trusted_browsers.reviewer_id')
        .selectAll('reviewers')
        .where('trusted_browsers.browser_hash', '=', browserHash)
        .where('trusted_browsers.expires_at', '>', at)
        .executeTakeFirst();
      return row && toReviewer(row);
    },
    async reviewerSession(sessionHash) {
      const row = await db
        .selectFrom('reviewer_sessions as s')
        .innerJoin('reviewers as r', 'r.reviewer_id', 's.reviewer_id')
        .selectAll('r')
        .select(['s.session_hash', 's.csrf_token', 's.created_at as s_created_at', 's.last_seen_at', 's.expires_at'])
        .where('s.session_hash', '=', sessionHash)
        .executeTakeFirst();
      return (
        row && {
          sessionHash: row.session_hash,
          reviewerId: row.reviewer_id,
          csrfToken: row.csrf_token,
          createdAt: row.s_created_at,
          lastSeenAt: row.last_seen_at,
          expiresAt: row.expires_at,
          reviewer: toReviewer(row),
        }
      );
    },
  };
}
