import { accessWrites } from './access/access-store.ts';
import { blindWrites } from './blind/blind-store.ts';
import type { WriteContext } from './db/database.ts';
import { decisionWrites } from './decisions/decision-store.ts';
import { deliveryWrites } from './deliveries/delivery-store.ts';
import { invitationWrites } from './invitations/invitation-writes.ts';
import { partnerWrites } from './partners/partner-store.ts';
import { privacyWrites } from './privacy/privacy-store.ts';
import { ratingWrites } from './ratings/rating-store.ts';
import { releaseWrites } from './releases/release-store.ts';
import { reviewerWrites } from './reviewers/reviewer-writes.ts';
import { sectionRecordWrites } from './section-records/section-record-store.ts';
import { sectionTroubleWrites } from './section-troubles/section-trouble-store.ts';
import { sessionWrites } from './sessions/session-writes.ts';
import { taskWrites } from './tasks/task-store.ts';
import { teamWrites } from './team/team-store.ts';
import { twoFactorWrites } from './two-factor/two-factor-store.ts';
import { uploadWrites } from './uploads/upload-writes.ts';

/**
 * Every write of every topic, by name: the name is what crosses to the writer thread on one
 * database, and what the in-process writer runs on the other. A topic's writes live in its folder.
 */
export const WRITES = {
  ...sessionWrites,
  ...sectionRecordWrites,
  ...sectionTroubleWrites,
  ...uploadWrites,
  ...invitationWrites,
  ...reviewerWrites,
  ...accessWrites,
  ...taskWrites,
  ...privacyWrites,
  ...decisionWrites,
  ...deliveryWrites,
  ...ratingWrites,
  ...teamWrites,
  ...blindWrites,
  ...twoFactorWrites,
  ...releaseWrites,
  ...partnerWrites,
};

export type Writes = typeof WRITES;
export type WriteName = keyof Writes;
export type WriteArgs<Name extends WriteName> = Writes[Name] extends (
  context: WriteContext,
  ...args: infer Args
) => Promise<unknown>
  ? Args
  : never;
export type WriteResult<Name extends WriteName> = Awaited<ReturnType<Writes[Name]>>;
