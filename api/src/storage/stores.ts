import { type AccessLogStore, createAccessLogStore } from './access/access-store.ts';
import { type BlindStore, createBlindStore } from './blind/blind-store.ts';
import { type CandidateListStore, createCandidateListStore } from './candidates/candidate-store.ts';
import type { Storage } from './db/storage.ts';
import { createDecisionStore, type DecisionStore } from './decisions/decision-store.ts';
import { createDeliveryStore, type DeliveryStore } from './deliveries/delivery-store.ts';
import { SessionErasedError } from './errors.ts';
import { createInsightsStore, type InsightsStore } from './insights/insights-store.ts';
import { createInvitationStore, type InvitationStore } from './invitations/invitation-store.ts';
import { createPartnerStore, type PartnerStore } from './partners/partner-store.ts';
import { createPrivacyStore, type PrivacyStore } from './privacy/privacy-store.ts';
import { createRatingStore, type RatingStore } from './ratings/rating-store.ts';
import { createReleaseStore, type ReleaseStore } from './releases/release-store.ts';
import { createReviewerStore, type ReviewerStore } from './reviewers/reviewer-store.ts';
import { createSectionRecordStore, type SectionRecordStore } from './section-records/section-record-store.ts';
import { createSectionTroubleStore, type SectionTroubleStore } from './section-troubles/section-trouble-store.ts';
import { type KnownSessions, knownSessions } from './sessions/known-sessions.ts';
import { createSessionStore, type SessionStore } from './sessions/session-store.ts';
import { createTaskStore, type TaskStore } from './tasks/task-store.ts';
import { createTeamStore, type TeamStore } from './team/team-store.ts';
import { createTwoFactorStore, type TwoFactorStore } from './two-factor/two-factor-store.ts';
import { createUploadStore, type UploadStore } from './uploads/upload-store.ts';

/**
 * Every store, one per topic, on one database. A route takes only the stores it uses; each is a
 * handful of methods over the same `Storage`.
 */
export interface Stores {
  sessions: SessionStore;
  sectionRecords: SectionRecordStore;
  sectionTroubles: SectionTroubleStore;
  uploads: UploadStore;
  invitations: InvitationStore;
  reviewers: ReviewerStore;
  candidates: CandidateListStore;
  access: AccessLogStore;
  tasks: TaskStore;
  privacy: PrivacyStore;
  decisions: DecisionStore;
  deliveries: DeliveryStore;
  ratings: RatingStore;
  team: TeamStore;
  blind: BlindStore;
  twoFactor: TwoFactorStore;
  releases: ReleaseStore;
  partners: PartnerStore;
  insights: InsightsStore;
}

/**
 * The storage with one more duty: a write refused because another instance erased its session
 * (`writeOfSession`), whichever store made it, ends this instance's trust in that session at once,
 * so the key check then tells every call of that browser, reads too. A session's writes name it
 * first.
 */
function forgettingErased(storage: Storage, known: KnownSessions): Storage {
  return {
    ...storage,
    write: (name, ...args) =>
      storage.write(name, ...args).catch((error: unknown) => {
        const session = args[0] as { sessionId?: unknown } | undefined;
        if (error instanceof SessionErasedError && typeof session?.sessionId === 'string')
          known.forget(session.sessionId);
        throw error;
      }),
  };
}

export function storesOn(opened: Storage): Stores {
  const known = knownSessions();
  const storage = forgettingErased(opened, known);
  return {
    sessions: createSessionStore(storage, known),
    sectionRecords: createSectionRecordStore(storage),
    sectionTroubles: createSectionTroubleStore(storage),
    uploads: createUploadStore(storage),
    invitations: createInvitationStore(storage),
    reviewers: createReviewerStore(storage),
    candidates: createCandidateListStore(storage),
    access: createAccessLogStore(storage),
    tasks: createTaskStore(storage),
    privacy: createPrivacyStore(storage, known),
    decisions: createDecisionStore(storage),
    deliveries: createDeliveryStore(storage),
    ratings: createRatingStore(storage),
    team: createTeamStore(storage),
    blind: createBlindStore(storage),
    twoFactor: createTwoFactorStore(storage),
    releases: createReleaseStore(storage),
    partners: createPartnerStore(storage),
    insights: createInsightsStore(storage),
  };
}
