export {
  type AnswersDraft,
  configureApi,
  flushOutbox,
  pendingOutboxCount,
  postDeviceCheck,
  postFeedback,
  postQuizComplete,
  postRegistration,
  postVideoSkipped,
  refusedOutboxCount,
  saveAnswers,
  sessionKeyHeaders,
  startOutbox,
  subscribeOutbox,
  videoUploadEndpoint,
  videoUploadPath,
} from './client.ts';
export {
  createOutbox,
  OUTBOX_REFUSED_STORAGE_KEY,
  OUTBOX_STORAGE_KEY,
  type Outbox,
  type OutboxDeps,
  type OutboxItem,
} from './outbox.ts';
export { emptyProctoring, type QuestionIndex, withPaste, withSwitch } from './proctoring.ts';
export * from './schemas.ts';
export { newSessionKey } from './session-key.ts';
export { useOutboxPending, useOutboxRefused } from './use-outbox-pending.ts';
