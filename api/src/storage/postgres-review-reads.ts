import type pg from 'pg';
import { statement } from './postgres-statements.ts';
import {
  type CandidateListRow,
  candidateOrderBy,
  type InvitationRow,
  type ReviewerRow,
  type ReviewerSessionRow,
  toCandidate,
  toInvitation,
  toInvitationPage,
  toReviewer,
  toReviewerSession,
} from './review-rows.ts';
import type {
  CandidateQuery,
  CandidateRow,
  InvitationCursor,
  InvitationPage,
  StoredInvitation,
  StoredReviewer,
  StoredReviewerSession,
  TestCounts,
} from './review-store.ts';

/**
 * The candidate list of `sqlite-review-reads.ts` in PostgreSQL's words. What a candidate sent is
 * read as `json` (kept as it came), never `jsonb`: jsonb refuses the `\u0000` a payload may hold,
 * and one such payload must not break the list. The name comes out as JSON and the driver parses it;
 * it sorts as its JSON text, lowercased and compared byte by byte as SQLite does, whatever the
 * database's locale.
 */
const CANDIDATES = `
  SELECT * FROM (
    SELECT s.session_id, s.started_at, s.invitation_id, i.extra_time_percent,
      r.payload::json -> 'fullName' AS full_name,
      lower((r.payload::json -> 'fullName')::text COLLATE "C") AS sort_name,
      r.payload::json -> 'email' AS email,
      a.received_at AS answers_received_at, a.submitted_at, a.final_reason,
      (a.proctoring::json ->> 'tabSwitches')::bigint AS tab_switches,
      (SELECT sum(json_array_length(q -> 'pastes') + coalesce((q ->> 'droppedPastes')::bigint, 0))
        FROM json_array_elements(a.proctoring::json -> 'perQuestion') AS q) AS pastes,
      c.session_id IS NOT NULL AS quiz_completed,
      EXISTS (SELECT 1 FROM videos v WHERE v.session_id = s.session_id AND v.completed_at IS NOT NULL)
        AS video_received,
      EXISTS (SELECT 1 FROM videos v WHERE v.session_id = s.session_id AND v.completed_at IS NULL)
        AS video_uploading,
      k.session_id IS NOT NULL AS video_skipped,
      (f.payload::json ->> 'currentScore')::integer AS rating,
      f.session_id IS NOT NULL AS feedback_received
    FROM sessions s
    LEFT JOIN invitations i ON i.invitation_id = s.invitation_id
    LEFT JOIN registrations r ON r.session_id = s.session_id
    LEFT JOIN answers a ON a.session_id = s.session_id
    LEFT JOIN quiz_completions c ON c.session_id = s.session_id
    LEFT JOIN video_skips k ON k.session_id = s.session_id
    LEFT JOIN feedback f ON f.session_id = s.session_id
    WHERE s.test_id = $1
  ) candidates`;

const sql = {
  invitation: statement<InvitationRow>('SELECT * FROM invitations WHERE invitation_id = $1', 'read-invitation'),
  invitationOfToken: statement<InvitationRow>(
    'SELECT * FROM invitations WHERE token = $1 AND test_id = $2',
    'invitation-of-token',
  ),
  invitationPage: statement<InvitationRow>(
    `SELECT * FROM invitations
     WHERE test_id = $1 AND ($2::bigint IS NULL OR (created_at, invitation_id) < ($2, $3::text))
     ORDER BY created_at DESC, invitation_id DESC
     LIMIT $4`,
    'invitation-page',
  ),
  openLink: statement<{ open_link_allowed: boolean }>(
    'SELECT open_link_allowed FROM test_settings WHERE test_id = $1',
    'open-link-allowed',
  ),
  counts: statement<{ test_id: string; invited: string; started: string; finished: string }>(
    `SELECT t.test_id,
       (SELECT count(*) FROM invitations i WHERE i.test_id = t.test_id) AS invited,
       (SELECT count(*) FROM sessions s WHERE s.test_id = t.test_id) AS started,
       (SELECT count(*) FROM feedback f JOIN sessions s ON s.session_id = f.session_id WHERE s.test_id = t.test_id)
         AS finished
     FROM unnest($1::text[]) AS t (test_id)`,
    'test-counts',
  ),
  reviewerOfEmail: statement<ReviewerRow>('SELECT * FROM reviewers WHERE email = $1', 'reviewer-of-email'),
  reviewers: statement<ReviewerRow>('SELECT * FROM reviewers ORDER BY company_id, email', 'reviewers'),
  reviewerSession: statement<ReviewerSessionRow>(
    `SELECT r.*, s.session_hash, s.csrf_token, s.created_at AS s_created_at, s.last_seen_at, s.expires_at
     FROM reviewer_sessions s JOIN reviewers r ON r.reviewer_id = s.reviewer_id
     WHERE s.session_hash = $1`,
    'reviewer-session',
  ),
};

export function createPostgresReviewReads(pool: pg.Pool) {
  const candidatePages = new Map<string, ReturnType<typeof statement<CandidateListRow>>>();
  return {
    async getInvitation(invitationId: string): Promise<StoredInvitation | undefined> {
      const row = (await sql.invitation(pool, [invitationId])).rows[0];
      return row && toInvitation(row);
    },
    async invitationOfToken(testId: string, token: string): Promise<StoredInvitation | undefined> {
      const row = (await sql.invitationOfToken(pool, [token, testId])).rows[0];
      return row && toInvitation(row);
    },
    async listInvitations(query: { testId: string; after?: InvitationCursor; limit: number }): Promise<InvitationPage> {
      const { rows } = await sql.invitationPage(pool, [
        query.testId,
        query.after?.createdAt ?? null,
        query.after?.invitationId ?? '',
        query.limit + 1,
      ]);
      return toInvitationPage(rows, query.limit);
    },
    async openLinkAllowed(testId: string): Promise<boolean> {
      return (await sql.openLink(pool, [testId])).rows[0]?.open_link_allowed ?? true;
    },
    async testCounts(testIds: readonly string[]): Promise<Map<string, TestCounts>> {
      const { rows } = await sql.counts(pool, [testIds]);
      return new Map(
        rows.map((row) => [
          row.test_id,
          { invited: Number(row.invited), started: Number(row.started), finished: Number(row.finished) },
        ]),
      );
    },
    async listCandidates(query: CandidateQuery): Promise<CandidateRow[]> {
      const key = `${query.sort}:${query.order}`;
      let page = candidatePages.get(key);
      if (!page) {
        page = statement<CandidateListRow>(
          `${CANDIDATES} ${candidateOrderBy(query.sort, query.order)} LIMIT $2 OFFSET $3`,
          `candidates-${query.sort}-${query.order}`,
        );
        candidatePages.set(key, page);
      }
      const { rows } = await page(pool, [query.testId, query.limit, query.offset]);
      return rows.map(toCandidate);
    },
    async reviewerOfEmail(email: string): Promise<StoredReviewer | undefined> {
      const row = (await sql.reviewerOfEmail(pool, [email])).rows[0];
      return row && toReviewer(row);
    },
    async listReviewers(): Promise<StoredReviewer[]> {
      return (await sql.reviewers(pool, [])).rows.map(toReviewer);
    },
    async reviewerSession(sessionHash: string): Promise<StoredReviewerSession | undefined> {
      const row = (await sql.reviewerSession(pool, [sessionHash])).rows[0];
      return row && toReviewerSession(row);
    },
  };
}
