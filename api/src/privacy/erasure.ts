import { allCompanies, allTests, testsOfCompany } from '@assessment/core';
import type { PeriodicTask } from '../jobs/periodic-tasks.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import type { DeliveryStore } from '../storage/deliveries/delivery-store.ts';
import {
  DEFAULT_RETENTION_DAYS,
  type ErasedMail,
  type ErasureReason,
  type PrivacyStore,
} from '../storage/privacy/privacy-store.ts';
import type { SessionStore } from '../storage/sessions/session-store.ts';
import type { VideoStore } from '../storage/videos/video-store.ts';
import { retentionWindows } from './retention-windows.ts';

export interface ErasureDeps {
  sessions: SessionStore;
  privacy: PrivacyStore;
  videos: VideoStore;
  deliveries: DeliveryStore;
  mail: MailTransport;
}

const DAY_MS = 86_400_000;
/** Sessions erased per database read while the retention task works through a company. */
const RETENTION_BATCH = 100;

/**
 * Deletes rows between two removals of their emails' files: before, so that a failure leaves rows
 * that still point at what is left; after, as an email being sent meanwhile may have been written,
 * and marked sent, after the first removal and before the rows went (one marked after finds no
 * row, and the sender removes its file: `delivery-sender.ts`). The second removal takes the emails
 * whose rows the deletion took, not those read before it: one queued between the two, then
 * written and marked sent, is in that list alone.
 */
async function betweenMailRemovals<Erased extends ErasedMail | null>(
  mail: MailTransport,
  deliveryIds: readonly string[],
  deleteRows: () => Promise<Erased>,
): Promise<Erased> {
  await mail.forget(deliveryIds);
  const erased = await deleteRows();
  if (erased) await mail.forget(erased.deliveryIds);
  return erased;
}

/**
 * Erases one candidate (SPEC section 0): every copy of their video first (the bucket's object,
 * the uploads folder's bytes, unfinished uploads too) and of the emails about them kept as files,
 * then the session and everything stored with it in one transaction. Copies go first so that a
 * failure leaves rows that still point at what is left, and the erasure can simply be run again;
 * the emails' files go once more after the rows (`betweenMailRemovals`). False when there was no
 * such session.
 */
export async function eraseCandidate(
  { sessions, privacy, videos, deliveries, mail }: ErasureDeps,
  sessionId: string,
  at: number,
  reason: ErasureReason,
): Promise<boolean> {
  const record = await sessions.getSession(sessionId);
  if (!record) return false;
  for (const video of record.videos) await videos.erase(video.uploadId);
  const deliveryIds = await deliveries.deliveryIdsOf(sessionId, record.invitation?.invitationId ?? null);
  const erased = await betweenMailRemovals(mail, deliveryIds, () => privacy.eraseSession(sessionId, at, reason));
  return erased !== null;
}

/**
 * Erases whom a personal invitation was for (SPEC section 0), on request: where it was used, its
 * candidate whole (`eraseCandidate`); else the emails sent to them (their files before and after
 * the rows, as above), then their name and email and the looks at them. Of a link used meanwhile,
 * only the files of its emails go (`eraseUnusedInvitation` keeps the rest), and its candidate stays
 * until erased as one.
 */
export async function eraseInvitee(
  deps: ErasureDeps,
  invitation: { invitationId: string; sessionId: string | null },
  at: number,
): Promise<void> {
  if (invitation.sessionId !== null) {
    await eraseCandidate(deps, invitation.sessionId, at, 'request');
    return;
  }
  const deliveryIds = await deps.deliveries.deliveryIdsOf(null, invitation.invitationId);
  await betweenMailRemovals(deps.mail, deliveryIds, () =>
    deps.privacy.eraseUnusedInvitation(invitation.invitationId, at),
  );
}

/**
 * The sessions and unused invitations of tests a deploy took out of the catalogue (the test, or its
 * whole company): their rows name the test alone, so whose they were, and which period their
 * candidate was told, is no longer known. They go by the shortest period any candidate can have
 * been told, the default's or any a company ever set: sooner than told at worst, never later.
 */
async function eraseBeyondCatalogue(deps: ErasureDeps, now: number): Promise<void> {
  const cutoff = now - (await deps.privacy.shortestRetentionDays()) * DAY_MS;
  const known = allTests().map((test) => test.uuid);
  for (;;) {
    const due = await deps.privacy.sessionsOfOtherTestsStartedBefore(known, cutoff, RETENTION_BATCH);
    for (const sessionId of due) await eraseCandidate(deps, sessionId, now, 'retention');
    if (due.length < RETENTION_BATCH) break;
  }
  for (;;) {
    const unused = await deps.privacy.unusedInvitationsOfOtherTestsEndedBefore(known, cutoff, RETENTION_BATCH);
    for (const invitationId of unused) await eraseInvitee(deps, { invitationId, sessionId: null }, now);
    if (unused.length < RETENTION_BATCH) break;
  }
}

/**
 * Every hour (and at start): each company's sessions that started longer ago than the retention
 * period they were told (`retention-windows.ts`) are erased as a request would erase them, and so is whom each personal invitation nobody
 * used was for, that long after it stopped working, with the emails sent to them; then those of
 * tests no longer in the catalogue (`eraseBeyondCatalogue`). Once across
 * instances (`periodic-tasks.ts`). Hourly, as the privacy notice says "erased N days after you
 * start" (shared/core/src/api/privacy-notice.ts): a daily run kept some for most of a day more.
 */
export function retentionTask(deps: ErasureDeps): PeriodicTask {
  return {
    name: 'retention',
    everyMs: DAY_MS / 24,
    async run(now) {
      for (const { companyId } of allCompanies()) {
        const cutoff = now - (await deps.privacy.retentionDays(companyId)) * DAY_MS;
        const testIds = testsOfCompany(companyId).map((test) => test.uuid);
        const periods = await deps.privacy.retentionPeriods(companyId);
        for (const { from, before } of retentionWindows(periods, DEFAULT_RETENTION_DAYS, now)) {
          for (;;) {
            const due = await deps.privacy.sessionsStartedBetween(testIds, from, before, RETENTION_BATCH);
            for (const sessionId of due) await eraseCandidate(deps, sessionId, now, 'retention');
            if (due.length < RETENTION_BATCH) break;
          }
        }
        for (;;) {
          const unused = await deps.privacy.unusedInvitationsEndedBefore(testIds, cutoff, RETENTION_BATCH);
          for (const invitationId of unused) await eraseInvitee(deps, { invitationId, sessionId: null }, now);
          if (unused.length < RETENTION_BATCH) break;
        }
      }
      await eraseBeyondCatalogue(deps, now);
    },
  };
}

/** How long an open-link session may send nothing after its registration before it is deleted. */
export const SILENT_SESSION_MS = DAY_MS;

/**
 * Every hour (and at start): open-link sessions that registered over a day ago and sent nothing
 * since are deleted, so a flood of registrations leaves nothing behind in the company's list or
 * its counts. A personal invitation's session is its candidate's, and stays.
 */
export function silentSessionsTask(deps: ErasureDeps): PeriodicTask {
  return {
    name: 'silent-sessions',
    everyMs: DAY_MS / 24,
    async run(now) {
      for (;;) {
        const silent = await deps.privacy.silentSessionsBefore(now - SILENT_SESSION_MS, RETENTION_BATCH);
        for (const sessionId of silent) await deps.privacy.deleteSilentSession(sessionId);
        if (silent.length < RETENTION_BATCH) break;
      }
    },
  };
}
