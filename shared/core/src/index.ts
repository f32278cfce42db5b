export * from './answer-html/answer-html.ts';
export * from './answer-html/answer-text.ts';
export * from './answer-html/answer-tree.ts';
export * from './api/access-schemas.ts';
export * from './api/aggregate-schemas.ts';
export * from './api/decision-schemas.ts';
export * from './api/delivery-schemas.ts';
export * from './api/health-schemas.ts';
export * from './api/insight-schemas.ts';
export * from './api/invitation-schemas.ts';
export {
  createOutbox,
  type EnqueueOptions,
  OUTBOX_REFUSED_STORAGE_KEY,
  OUTBOX_STORAGE_KEY,
  type Outbox,
  type OutboxDeps,
  type OutboxItem,
} from './api/outbox/outbox.ts';
export { GONE_STATUS } from './api/outbox/post-item.ts';
export * from './api/partner-schemas.ts';
export * from './api/privacy-notice.ts';
export {
  emptyProctoring,
  proctoringSignals,
  proctoringTimeline,
  type QuestionIndex,
  withPaste,
  withSwitch,
} from './api/proctoring.ts';
export { randomId } from './api/random-id.ts';
export * from './api/rating-schemas.ts';
export {
  aboutName,
  criterionSummaries,
  recommendationCounts,
  recommendationCountsText,
  type ScoredRating,
  sameCriterion,
  teamVerdict,
} from './api/rating-summary.ts';
export * from './api/record-schemas.ts';
export * from './api/record-summary.ts';
export * from './api/review-schemas.ts';
export * from './api/schemas.ts';
export { newSessionKey } from './api/session-key.ts';
export * from './api/team-schemas.ts';
export * from './api/two-factor-schemas.ts';
export * from './catalogue/index.ts';
export * from './device/device.ts';
export * from './form/confirmation-form.ts';
export * from './invite/invitation.ts';
export * from './invite/invite-id.ts';
export * from './invite/invite-link.ts';
export * from './sections/quiz-clock.ts';
export * from './sections/section-registry.ts';
export * from './sections/sections.ts';
export * from './spec-names.ts';
export * from './store/erased-sessions.ts';
export * from './store/safe-storage.ts';
