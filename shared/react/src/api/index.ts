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
export { useOutboxPending, useOutboxRefused } from './use-outbox-pending.ts';
