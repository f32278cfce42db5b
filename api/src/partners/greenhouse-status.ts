import {
  type GreenhouseMetadata,
  type InvitationFacts,
  invitationState,
  type PartnerStatus,
  quizTimeLimitMinutes,
  type SectionDefinition,
  type SectionRegistry,
  type TestDefinition,
} from '@assessment/core';
import { clockStartOf, videoStateOf } from '../admin/session-view.ts';
import { iso } from '../admin/time.ts';
import type { SessionRecord } from '../storage/sessions/session-store.ts';

/**
 * What `test_status` tells Greenhouse about one test it sent: where the personal invitation
 * stands, the team's score, and how the candidate went through the sections. Never a demographic
 * answer, never an answer, never anything the candidate typed: Greenhouse shows `metadata` to
 * everyone on the hiring team there.
 */

/**
 * The invitation's state in Greenhouse's words; null for one whose candidate was erased, which
 * `test_status` no longer knows. A finished test stays complete whatever happens to its link after.
 */
export function partnerStatusOf(invitation: InvitationFacts, now: number): PartnerStatus | null {
  if (invitation.erasedAt != null) return null;
  if (invitation.finishedAt !== null) return 'complete';
  const state = invitationState(invitation, now);
  const statuses: Record<typeof state, PartnerStatus | null> = {
    unused: 'sent',
    started: 'in_progress',
    finished: 'complete',
    expired: 'expired',
    revoked: 'revoked',
    erased: null,
  };
  return statuses[state];
}

/** Whether the candidate finished a section: by what the server holds of it, as the review page reads it. */
function sectionDone(section: SectionDefinition, record: SessionRecord): boolean {
  switch (section.id) {
    case 'quiz':
      return record.answers?.submittedAt != null;
    case 'video':
      return ['received', 'skipped'].includes(videoStateOf(record).state);
    case 'feedback':
      return record.feedback !== null;
    default:
      return record.sectionRecords.some((kept) => kept.sectionId === section.id);
  }
}

const VIDEO_WORDS = {
  received: 'sent',
  skipped: 'skipped (continued without a camera)',
  uploading: 'being sent',
  none: 'not sent yet',
} as const;

/** Minutes to one decimal. */
const minutes = (ms: number) => Math.round(ms / 6000) / 10;

/**
 * `metadata`: flat, each value a primitive, the same keys whatever the status (null where there
 * is nothing to tell yet). Times are ISO 8601 in UTC.
 */
export function greenhouseMetadata(
  test: TestDefinition,
  invitation: { extraTimePercent: number; finishedAt: number | null },
  record: SessionRecord | null,
  sections: SectionRegistry,
): GreenhouseMetadata {
  const done = record ? sections.sections.filter((section) => sectionDone(section, record)) : [];
  const submittedAt = record?.answers?.submittedAt ?? null;
  return {
    'Started at': iso(record?.startedAt),
    'Finished at': iso(invitation.finishedAt),
    'Sections completed': `${done.length} of ${sections.sections.length}`,
    'Sections completed, by name': done.map((section) => section.title).join(', ') || null,
    Video: record ? VIDEO_WORDS[videoStateOf(record).state] : VIDEO_WORDS.none,
    'Quiz time used (minutes)':
      record && submittedAt !== null ? Math.max(0, minutes(submittedAt - clockStartOf(record))) : null,
    'Quiz time allowed, with extra time (minutes)': quizTimeLimitMinutes(test, invitation.extraTimePercent),
    'Extra time (%)': invitation.extraTimePercent,
  };
}

/** The candidate's page on the review page, once they have one. */
export function profileUrlOf(publicUrl: string, sessionId: string | null): string | null {
  return sessionId === null ? null : new URL(`/review/candidates/${encodeURIComponent(sessionId)}`, publicUrl).href;
}
