import type { QueuedDelivery, WebhookEvent } from '../deliveries/delivery-store.ts';
import type { SessionRef } from './session-store.ts';

/*
 * What a session's writes queue outward, whichever way they are stored (`session-writes.ts`,
 * `one-statement-writes.ts`).
 */

/** The candidate's receipt of what the company received, to the email they confirmed. */
export function receiptDelivery(sessionId: string, testId: string, at: number, recipient: string): QueuedDelivery {
  return {
    idempotencyKey: `receipt:${sessionId}`,
    testId,
    kind: 'receipt',
    recipient,
    invitationId: null,
    sessionId,
    at,
  };
}

/** The company's event for a candidate who finished: sent when their first feedback is stored. */
export function finishedEvent(ref: SessionRef): WebhookEvent {
  return {
    type: 'assessment.finished',
    testId: ref.testId,
    cause: ref.sessionId,
    data: { sessionId: ref.sessionId },
    sessionId: ref.sessionId,
    invitationId: null,
    at: ref.receivedAt,
  };
}

/** The company's event for a candidate who started: sent when their registration opens the session. */
export function startedEvent(ref: SessionRef, invitationId: string | null): WebhookEvent {
  return {
    type: 'assessment.started',
    testId: ref.testId,
    cause: ref.sessionId,
    data: { sessionId: ref.sessionId, invitationId },
    sessionId: ref.sessionId,
    invitationId,
    at: ref.receivedAt,
  };
}
