import type { ColumnType } from 'kysely';

/**
 * Every table, as both databases hold it: one row type each, the columns named as in the
 * migrations (`migrations/`). Times are milliseconds since the epoch (server clock). What a
 * candidate sent is JSON text. A flag is read back as 0 or 1 on one database and a boolean on the
 * other, and written as a boolean.
 */

export type Flag = ColumnType<number | boolean, boolean, boolean>;

export interface SessionsTable {
  session_id: string;
  test_id: string;
  started_at: number;
  /** SHA-256 of the key only the candidate's browser holds; null for a session from before keys. */
  key_hash: string | null;
  invitation_id: string | null;
  /** When the candidate started the quiz's clock; null before, and for sessions from before it was kept. */
  quiz_started_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Section id → release id, chosen when the session was opened (`migrations/0031-rollouts.ts`); null before that was kept. */
  section_releases: ColumnType<string | null, string | null | undefined, string | null>;
  /** The release a preview link opened this session to (`migrations/0034-release-previews.ts`); null for a candidate's. */
  preview_release_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RegistrationsTable {
  session_id: string;
  /** The registration without the demographic answer, as JSON. */
  payload: string;
  received_at: number;
  updated_at: number;
  /** Copied out of the payload for the candidate list: shown, and sorted by (lowercased). */
  full_name: string;
  email: string;
  sort_name: string;
}

export interface AnswersTable {
  session_id: string;
  answers: string;
  proctoring: string;
  revision: number;
  saved_at: number;
  received_at: number;
  final: Flag;
  submitted_at: number | null;
  final_reason: string | null;
  /** Counted out of the proctoring record for the candidate list. */
  tab_switches: number;
  pastes: number;
}

export interface QuizCompletionsTable {
  session_id: string;
  payload: string;
  received_at: number;
}

export interface DeviceChecksTable {
  session_id: string;
  check_id: string;
  facts: string;
  result: Flag;
  received_at: number;
}

export interface VideosTable {
  upload_id: string;
  session_id: string;
  recording_id: string | null;
  /** JSON text: a free text the browser sent. */
  declared_type: string | null;
  content_type: string | null;
  bytes: number | null;
  duration_seconds: number | null;
  created_at: number;
  completed_at: number | null;
}

export interface VideoSkipsTable {
  session_id: string;
  /** JSON text: a free text the browser sent. */
  reason: string;
  received_at: number;
}

export interface FeedbackTable {
  session_id: string;
  payload: string;
  received_at: number;
  updated_at: number;
  /** The wire's 0 to 4, copied out of the payload for the candidate list. */
  current_score: number;
}

/** A section that failed in front of the candidate (`migrations/0030-section-troubles.ts`). */
export interface SectionTroublesTable {
  session_id: string;
  trouble_id: string;
  section_id: string;
  /** `SECTION_TROUBLE_KINDS`. */
  kind: string;
  /** The candidate's clock, in ms. */
  started_at: number;
  /** Null while the section has not shown again, as far as the server heard. */
  ended_at: number | null;
  received_at: number;
}

export interface SectionRecordsTable {
  session_id: string;
  section_id: string;
  /** JSON, as the section's registry entry checked it. */
  record: string;
  received_at: number;
  updated_at: number;
}

export interface InvitationsTable {
  invitation_id: string;
  test_id: string;
  token: string;
  email: string;
  name: string | null;
  created_at: number;
  expires_at: number;
  extra_time_percent: number;
  revoked_at: number | null;
  session_id: string | null;
  finished_at: number | null;
  /** When the bound session was erased; the email and name are blanked then. */
  erased_at: number | null;
}

/** When a personal invitation's link was first and last opened before anyone registered with it. */
export interface InvitationOpensTable {
  invitation_id: string;
  first_at: number;
  last_at: number;
}

/**
 * A candidate of the Insights, with the times of their steps, kept by the database itself
 * (`migrations/0035-insight-facts.ts`): a personal invitation not erased (with its session), or a
 * session of the open link that is not a preview.
 */
export interface InsightFactsTable {
  /** The personal invitation; null for the open link. */
  invitation_id: string | null;
  session_id: string | null;
  test_id: string;
  /** When the invitation was made, or the open link's session started: the period it is counted in. */
  period_at: number;
  extra_time_percent: number;
  opened_at: number | null;
  reminded_at: number | null;
  /** When the session started; null while nobody registered with the invitation. */
  started_at: number | null;
  quiz_started_at: number | null;
  /** 1 when the session has answers, else 0. */
  answered: number;
  quiz_ended_at: number | null;
  /** When the first video was completed. */
  video_at: number | null;
  skipped_at: number | null;
  /** Why the video was skipped, as JSON text. */
  skip_reason: string | null;
  feedback_at: number | null;
  /** What the session's camera checks came to (`CAMERA_OUTCOMES`). */
  camera_outcome: string;
  /** What the Insights count of the row, computed from the times above (`migrations/0035-insight-facts.ts`). */
  personal: ColumnType<number, never, never>;
  /** The furthest step reached: 0 invited, 1 opened, 2 registered, 3 quiz started, 4 quiz finished, 5 video, 6 feedback. */
  step: ColumnType<number, never, never>;
  finished: ColumnType<number, never, never>;
  /** 1: a video was sent; 2: the candidate went on without one; else 0. */
  video: ColumnType<number, never, never>;
  with_extra: ColumnType<number, never, never>;
  /** 1: reminded; 2: and opened the link or registered after the reminder; else 0. */
  reminded: ColumnType<number, never, never>;
  started_day: ColumnType<number | null, never, never>;
  finished_day: ColumnType<number | null, never, never>;
  quiz_ms: ColumnType<number | null, never, never>;
  video_ms: ColumnType<number | null, never, never>;
  feedback_ms: ColumnType<number | null, never, never>;
}

export interface TestSettingsTable {
  test_id: string;
  open_link_allowed: Flag;
  updated_at: number;
}

export interface ReviewersTable {
  reviewer_id: string;
  company_id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: number;
  /** `admin` or `reviewer` (`REVIEWER_ROLES`). */
  role: string;
}

export interface ReviewerSessionsTable {
  session_hash: string;
  reviewer_id: string;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

/** The demographic answer, apart from the session: read only by aggregate counts. */
export interface DemographicsTable {
  session_id: string | null;
  test_id: string;
  gender: string;
  finished: Flag;
  /** The candidate's stage, kept here too so that the counts by stage outlive an erasure. */
  stage: ColumnType<string, string | undefined, string>;
  /**
   * The month (UTC) the candidate registered in, as `2026-11`; '' for a row erased before months
   * were kept. Optional on insert only for the first schema's own migration, which came before it.
   */
  registered_month: ColumnType<string, string | undefined, string>;
}

/** A month of a test's gender report, as it was counted: counted once, never again. */
export interface GenderReportMonthsTable {
  test_id: string;
  registered_month: string;
  counted_at: number;
  /** The counts as shown (`CountedMonth`), as JSON: small counts were hidden before they were kept. */
  counts: string;
}

/** One look at a candidate by the company or the operator. */
export interface AccessLogTable {
  entry_id: string;
  /** The candidate looked at; null for a look at a personal invitation (`invitation_id`). */
  session_id: string | null;
  /** The personal invitation looked at, whether or not a session has used it; exactly one of the two is set. */
  invitation_id: string | null;
  company_id: string;
  /** The reviewer's email as it was then, or `operator`. */
  actor: string;
  /** `admin`, `reviewer` or `operator`. */
  actor_role: string;
  action: string;
  detail: string | null;
  at: number;
  address: string;
}

export interface TaskRunsTable {
  name: string;
  started_at: number;
  held_until: number;
}

export interface CompanySettingsTable {
  company_id: string;
  retention_days: number;
  updated_at: number;
}

/** What is left of an erased session: random ids, nothing about the person. */
export interface ErasedSessionsTable {
  session_id: string;
  key_hash: string | null;
  test_id: string;
  erased_at: number;
  /** `request` or `retention`. */
  reason: string;
}

/** A candidate's current stage; a session without a row is `new`. */
export interface CandidateStagesTable {
  session_id: string;
  stage: string;
  changed_at: number;
}

/** One change of a candidate's stage. */
export interface StageChangesTable {
  change_id: string;
  session_id: string;
  from_stage: string;
  to_stage: string;
  reason: string | null;
  /** The reviewer's name and email as they were then. */
  actor: string;
  /** Their account; null for a change made before accounts were kept (`migrations/0026-judgement-authors.ts`). */
  reviewer_id: string | null;
  at: number;
}

/** A note of the hiring team about a candidate, never shown to the candidate. */
export interface CandidateNotesTable {
  note_id: string;
  session_id: string;
  actor: string;
  /** The author's account; null for a note written before accounts were kept. */
  reviewer_id: string | null;
  body: string;
  at: number;
}

/** A message sent outward, queued with its cause, and its delivery so far (`migrations/0009-deliveries.ts`). */
export interface DeliveriesTable {
  delivery_id: string;
  idempotency_key: string;
  company_id: string;
  /** One of `DELIVERY_KINDS` (`deliveries/delivery-store.ts`). */
  kind: string;
  recipient: string;
  invitation_id: string | null;
  session_id: string | null;
  /** `queued`, `sent` or `failed` (given up on; "send again" queues it anew). */
  state: string;
  attempts: ColumnType<number, number | undefined, number>;
  due_at: number;
  /** Until when an instance that claimed it is sending it: another may take it after. */
  held_until: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  sent_at: number | null;
  created_at: number;
  /** A webhook's event, as the JSON it is sent as, or what a Greenhouse `PATCH` tells; null for an email. */
  payload: string | null;
  /** The HTTP status a webhook's or a Greenhouse `PATCH`'s last attempt got; null for an email or no answer. */
  last_status: number | null;
}

/** A company's webhook endpoint; the secret signs every event (`whsec_` and base64, Standard Webhooks). */
export interface WebhookEndpointsTable {
  company_id: string;
  url: string;
  secret: string;
  updated_at: number;
}

/** Hours before an unstarted invitation expires that its candidate is reminded; 0 for never. */
export interface ReminderSettingsTable {
  company_id: string;
  reminder_hours: number;
  updated_at: number;
}

/** One of a company's stage reasons, at its place in the list its admin wrote. */
export interface StageReasonsTable {
  company_id: string;
  position: number;
  reason: string;
  updated_at: number;
}

/** The version of a company's stage reasons, and who saved it when (`migrations/0023-stage-reason-lists.ts`). */
export interface StageReasonListsTable {
  company_id: string;
  version: number;
  /** The admin's name and email as they were then. */
  actor: string;
  saved_at: number;
}

/** One version of a test's rubric; `criteria` is the JSON of its criteria (`rubricUpdateSchema`), in order. */
export interface RubricsTable {
  test_id: string;
  version: number;
  criteria: string;
  /** The admin's name and email as they were then. */
  actor: string;
  created_at: number;
}

/** A reviewer's rating of a candidate: `scores` is the JSON of a score per criterion of its version. */
export interface RatingsTable {
  session_id: string;
  reviewer_id: string;
  test_id: string;
  rubric_version: number;
  scores: string;
  /** One of `RECOMMENDATIONS`. */
  recommendation: string;
  /** The mean of the scores given (a criterion left to wait is not counted). */
  mean_score: number;
  /** The recommendation's index in `RECOMMENDATIONS`. */
  recommendation_rank: number;
  actor: string;
  at: number;
}

/** A one-time link to set a reviewer's password; only the hash of its secret is kept. */
export interface AccessLinksTable {
  link_hash: string;
  reviewer_id: string;
  /** `invitation` (a new teammate) or `reset` (access reset by an admin). */
  purpose: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A test's blind-review setting, where an admin set one. */
export interface BlindReviewSettingsTable {
  test_id: string;
  blind: Flag;
  updated_at: number;
}

/** A reviewer chose to show a candidate a blind review hid from them; on record in the access log too. */
export interface RevealsTable {
  session_id: string;
  reviewer_id: string;
  at: number;
}

/** A reviewer's TOTP secret: pending while `confirmed_at` is null; `last_step` is the newest step a code was taken for. */
export interface ReviewerTwoFactorTable {
  reviewer_id: string;
  secret: string;
  created_at: number;
  confirmed_at: number | null;
  last_step: number | null;
}

/** A single-use recovery code: only its SHA-256 is kept. */
export interface RecoveryCodesTable {
  code_hash: string;
  reviewer_id: string;
  used_at: number | null;
}

/** A right password waiting for its code: only the hash of the cookie's secret is kept. */
export interface TwoFactorChallengesTable {
  challenge_hash: string;
  reviewer_id: string;
  expires_at: number;
}

/** A company's two-factor requirement, where an admin set one. */
export interface TwoFactorRequirementsTable {
  company_id: string;
  required: Flag;
  updated_at: number;
}

/** A browser a reviewer signed in from, trusted until `expires_at`: only the hash of its cookie's secret is kept. */
/** A company's retention period from `from_at` on, until the next one it set. */
export interface RetentionPeriodsTable {
  company_id: string;
  from_at: number;
  retention_days: number;
}

export interface TrustedBrowsersTable {
  browser_hash: string;
  reviewer_id: string;
  expires_at: number;
}

/**
 * A section release, never changed once written (`migrations/0027-releases.ts`) but for its mark
 * as broken (`migrations/0031-rollouts.ts`).
 */
export interface ReleasesTable {
  release_id: string;
  section_id: string;
  /** The team's label, then the first digits of the content hash. */
  version: string;
  label: string;
  /** SHA-256 of the release's paths and their bytes' hashes (an uploaded one), or of the files fetched (a hosted one). */
  content_hash: string;
  /** `files`: uploaded, served by the product; `url`: hosted by the team at `entry_url`. */
  kind: 'files' | 'url';
  entry_url: string | null;
  /** The origin of `entry_url`, which every page's Content-Security-Policy allows. */
  entry_origin: string | null;
  /** The `mf-manifest.json` it was checked by, as JSON text; null for one imported unchecked. */
  manifest: string | null;
  contract_version: number | null;
  bytes: number;
  created_at: number;
  /** The key's name, `operator`, or `first start`. */
  created_by: string;
  key_id: string | null;
  /** When it was rolled back as broken, and why; null while it is not. */
  broken_at: number | null;
  broken_reason: string | null;
}

export interface ReleaseFilesTable {
  release_id: string;
  path: string;
  /** SHA-256 of the bytes, their name in the release files' store. */
  blob: string;
  bytes: number;
}

/** One row per section: its live release, changed by compare-and-set of `revision`. */
export interface ReleaseSectionsTable {
  section_id: string;
  live_release_id: string | null;
  revision: number;
  changed_at: number;
  changed_by: string | null;
  /** How many history entries the section has: the next entry's `seq`. */
  history_count: number;
  /** The release new sessions get at `candidate_share` percent instead of the live one. */
  candidate_release_id: ColumnType<string | null, string | null | undefined, string | null>;
  candidate_share: ColumnType<number, number | undefined, number>;
  /** The shares the candidate goes on to by itself (`migrations/0033-share-stages.ts`); null for none. */
  stages: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ReleaseHistoryTable {
  section_id: string;
  seq: number;
  at: number;
  /** `shared`: a release made live for a share of new sessions (its share in `reason`); `previewed`: a preview link given out (until when, in `reason`). */
  kind: 'released' | 'promoted' | 'shared' | 'rolled-back' | 'refused' | 'imported' | 'previewed';
  release_id: string | null;
  version: string | null;
  /** What was live before a promotion or a rollback. */
  previous_release_id: string | null;
  previous_version: string | null;
  actor: string;
  key_id: string | null;
  reason: string | null;
}

/** What candidates' browsers reported of a release, by kind (`migrations/0031-rollouts.ts`). */
export interface ReleaseHealthTable {
  release_id: string;
  kind: string;
  count: number;
}

export interface ReleaseKeysTable {
  key_id: string;
  section_id: string;
  name: string;
  key_hash: string;
  created_at: number;
  revoked_at: number | null;
  /** Where its team is told of an automatic rollback of its section (`migrations/0032-release-contacts.ts`). */
  contact: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A link that opens a release before it is live (`migrations/0034-release-previews.ts`). */
export interface ReleasePreviewsTable {
  token_hash: string;
  section_id: string;
  release_id: string;
  created_at: number;
  expires_at: number;
  actor: string;
}

/** A key a company gave Greenhouse (`migrations/0028-greenhouse.ts`): only the SHA-256 of the key is kept. */
export interface PartnerKeysTable {
  key_id: string;
  company_id: string;
  name: string;
  key_hash: string;
  created_at: number;
  /** When Greenhouse last called with it, to the minute. */
  last_used_at: number | null;
  revoked_at: number | null;
}

/** A test Greenhouse sent: its personal invitation, and where Greenhouse is told once it is complete. */
export interface GreenhouseInvitationsTable {
  invitation_id: string;
  company_id: string;
  /** The key `send_test` came with: the one the `PATCH` carries. */
  key_id: string;
  /** SHA-256 of `url` as sent: a repeat of the same `send_test` finds it, after an erasure too. */
  url_hash: string;
  /** Greenhouse's `url`, for the `PATCH`; '' once the candidate was erased. */
  callback_url: string;
  /** The candidate's Greenhouse application; '' once the candidate was erased. */
  profile_url: string;
  created_at: number;
  erased_at: number | null;
}

/** A `response_error` Greenhouse sent; `errors` is the JSON of its list, without email addresses. */
export interface GreenhouseReportsTable {
  report_id: string;
  company_id: string;
  api_call: string;
  errors: string;
  partner_test_id: string | null;
  partner_test_name: string | null;
  partner_interview_id: string | null;
  received_at: number;
}

export interface Schema {
  sessions: SessionsTable;
  registrations: RegistrationsTable;
  answers: AnswersTable;
  quiz_completions: QuizCompletionsTable;
  device_checks: DeviceChecksTable;
  videos: VideosTable;
  video_skips: VideoSkipsTable;
  feedback: FeedbackTable;
  section_records: SectionRecordsTable;
  section_troubles: SectionTroublesTable;
  invitations: InvitationsTable;
  invitation_opens: InvitationOpensTable;
  insight_facts: InsightFactsTable;
  test_settings: TestSettingsTable;
  reviewers: ReviewersTable;
  reviewer_sessions: ReviewerSessionsTable;
  demographics: DemographicsTable;
  gender_report_months: GenderReportMonthsTable;
  access_log: AccessLogTable;
  task_runs: TaskRunsTable;
  company_settings: CompanySettingsTable;
  erased_sessions: ErasedSessionsTable;
  candidate_stages: CandidateStagesTable;
  stage_changes: StageChangesTable;
  candidate_notes: CandidateNotesTable;
  deliveries: DeliveriesTable;
  reminder_settings: ReminderSettingsTable;
  stage_reasons: StageReasonsTable;
  stage_reason_lists: StageReasonListsTable;
  webhook_endpoints: WebhookEndpointsTable;
  rubrics: RubricsTable;
  ratings: RatingsTable;
  access_links: AccessLinksTable;
  blind_review_settings: BlindReviewSettingsTable;
  reveals: RevealsTable;
  reviewer_two_factor: ReviewerTwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  two_factor_requirements: TwoFactorRequirementsTable;
  trusted_browsers: TrustedBrowsersTable;
  retention_periods: RetentionPeriodsTable;
  releases: ReleasesTable;
  release_files: ReleaseFilesTable;
  release_sections: ReleaseSectionsTable;
  release_history: ReleaseHistoryTable;
  release_keys: ReleaseKeysTable;
  release_health: ReleaseHealthTable;
  release_previews: ReleasePreviewsTable;
  partner_keys: PartnerKeysTable;
  greenhouse_invitations: GreenhouseInvitationsTable;
  greenhouse_reports: GreenhouseReportsTable;
}
