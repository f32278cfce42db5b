import type Database from 'better-sqlite3';
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
  StoredReviewerSession,
  TestCounts,
} from './review-store.ts';

/**
 * One row per session of a test with what its list shows, the signals counted inside the stored
 * proctoring JSON: every switch, and every paste listed or only counted.
 */
const CANDIDATES = `
  SELECT * FROM (
    SELECT s.session_id, s.started_at, s.invitation_id, i.extra_time_percent,
      json_extract(r.payload, '$.fullName') AS full_name,
      lower(json_extract(r.payload, '$.fullName')) AS sort_name,
      json_extract(r.payload, '$.email') AS email,
      a.received_at AS answers_received_at, a.submitted_at, a.final_reason,
      json_extract(a.proctoring, '$.tabSwitches') AS tab_switches,
      (SELECT sum(json_array_length(q.value, '$.pastes') + coalesce(json_extract(q.value, '$.droppedPastes'), 0))
        FROM json_each(a.proctoring, '$.perQuestion') AS q) AS pastes,
      c.session_id IS NOT NULL AS quiz_completed,
      EXISTS (SELECT 1 FROM videos v WHERE v.session_id = s.session_id AND v.completed_at IS NOT NULL)
        AS video_received,
      EXISTS (SELECT 1 FROM videos v WHERE v.session_id = s.session_id AND v.completed_at IS NULL)
        AS video_uploading,
      k.session_id IS NOT NULL AS video_skipped,
      json_extract(f.payload, '$.currentScore') AS rating,
      f.session_id IS NOT NULL AS feedback_received
    FROM sessions s
    LEFT JOIN invitations i ON i.invitation_id = s.invitation_id
    LEFT JOIN registrations r ON r.session_id = s.session_id
    LEFT JOIN answers a ON a.session_id = s.session_id
    LEFT JOIN quiz_completions c ON c.session_id = s.session_id
    LEFT JOIN video_skips k ON k.session_id = s.session_id
    LEFT JOIN feedback f ON f.session_id = s.session_id
    WHERE s.test_id = @testId
  ) candidates`;

interface CountRow {
  test_id: string;
  count: number;
}

function prepareReviewReads(db: Database.Database) {
  const candidatePages = new Map<string, Database.Statement<Record<string, unknown>, CandidateListRow>>();
  return {
    invitation: db.prepare<[string], InvitationRow>('SELECT * FROM invitations WHERE invitation_id = ?'),
    invitationOfToken: db.prepare<[string, string], InvitationRow>(
      'SELECT * FROM invitations WHERE token = ? AND test_id = ?',
    ),
    invitationPage: db.prepare<
      { testId: string; afterCreated: number | null; afterId: string; limit: number },
      InvitationRow
    >(`
      SELECT * FROM invitations
      WHERE test_id = @testId
        AND (@afterCreated IS NULL OR (created_at, invitation_id) < (@afterCreated, @afterId))
      ORDER BY created_at DESC, invitation_id DESC
      LIMIT @limit`),
    openLink: db.prepare<[string], { open_link_allowed: number }>(
      'SELECT open_link_allowed FROM test_settings WHERE test_id = ?',
    ),
    invited: db.prepare<[string], CountRow>(`
      SELECT test_id, count(*) AS count FROM invitations
      WHERE test_id IN (SELECT value FROM json_each(?)) GROUP BY test_id`),
    started: db.prepare<[string], CountRow>(`
      SELECT test_id, count(*) AS count FROM sessions
      WHERE test_id IN (SELECT value FROM json_each(?)) GROUP BY test_id`),
    finished: db.prepare<[string], CountRow>(`
      SELECT s.test_id, count(*) AS count FROM feedback f JOIN sessions s ON s.session_id = f.session_id
      WHERE s.test_id IN (SELECT value FROM json_each(?)) GROUP BY s.test_id`),
    candidatePage(query: CandidateQuery) {
      const key = `${query.sort}:${query.order}`;
      let statement = candidatePages.get(key);
      if (!statement) {
        statement = db.prepare(
          `${CANDIDATES} ${candidateOrderBy(query.sort, query.order)} LIMIT @limit OFFSET @offset`,
        );
        candidatePages.set(key, statement);
      }
      return statement;
    },
    reviewerOfEmail: db.prepare<[string], ReviewerRow>('SELECT * FROM reviewers WHERE email = ?'),
    reviewers: db.prepare<[], ReviewerRow>('SELECT * FROM reviewers ORDER BY company_id, email'),
    reviewerSession: db.prepare<[string], ReviewerSessionRow>(`
      SELECT r.*, s.session_hash, s.csrf_token, s.created_at AS s_created_at, s.last_seen_at, s.expires_at
      FROM reviewer_sessions s JOIN reviewers r ON r.reviewer_id = s.reviewer_id
      WHERE s.session_hash = ?`),
  };
}

/** The hiring company's reads, on the server's read-only connection like the candidates'. */
export function createReviewReads(db: Database.Database) {
  const statements = prepareReviewReads(db);
  return {
    getInvitation(invitationId: string) {
      const row = statements.invitation.get(invitationId);
      return row && toInvitation(row);
    },
    invitationOfToken(testId: string, token: string) {
      const row = statements.invitationOfToken.get(token, testId);
      return row && toInvitation(row);
    },
    listInvitations(query: { testId: string; after?: InvitationCursor; limit: number }): InvitationPage {
      const rows = statements.invitationPage.all({
        testId: query.testId,
        afterCreated: query.after?.createdAt ?? null,
        afterId: query.after?.invitationId ?? '',
        limit: query.limit + 1,
      });
      return toInvitationPage(rows, query.limit);
    },
    openLinkAllowed: (testId: string) => (statements.openLink.get(testId)?.open_link_allowed ?? 1) === 1,
    testCounts: db.transaction((testIds: readonly string[]) => {
      const ids = JSON.stringify(testIds);
      const counts = new Map<string, TestCounts>(testIds.map((id) => [id, { invited: 0, started: 0, finished: 0 }]));
      for (const [field, statement] of [
        ['invited', statements.invited],
        ['started', statements.started],
        ['finished', statements.finished],
      ] as const) {
        for (const row of statement.all(ids)) {
          const entry = counts.get(row.test_id);
          if (entry) entry[field] = row.count;
        }
      }
      return counts;
    }),
    listCandidates(query: CandidateQuery): CandidateRow[] {
      return statements
        .candidatePage(query)
        .all({ testId: query.testId, limit: query.limit, offset: query.offset })
        .map(toCandidate);
    },
    reviewerOfEmail(email: string) {
      const row = statements.reviewerOfEmail.get(email);
      return row && toReviewer(row);
    },
    listReviewers: () => statements.reviewers.all().map(toReviewer),
    reviewerSession(sessionHash: string): StoredReviewerSession | undefined {
      const row = statements.reviewerSession.get(sessionHash);
      return row && toReviewerSession(row);
    },
  };
}
