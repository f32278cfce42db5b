import type { DeliveryView } from '@assessment/core';
import { candidateName } from '../../candidates/lib/candidate-labels.ts';
import { failureWords } from './failure-words.ts';

export const DELIVERY_KIND_NAMES: Record<DeliveryView['kind'], string> = {
  invitation: 'Invitation',
  reminder: 'Reminder of an invitation not started',
  receipt: 'Receipt of a finished assessment',
  webhook: 'Webhook',
  teammate: "A teammate's link to set a password",
  greenhouse: 'Greenhouse: read the test again',
};

/** What a Greenhouse `PATCH` told, by its event (`api/src/storage/partners/greenhouse-deliveries.ts`). */
const GREENHOUSE_NEWS: Record<string, string> = {
  'test.completed': 'Greenhouse: the test is complete',
  'score.changed': "Greenhouse: the team's score changed",
};

/** Whether a message goes to an address over HTTP (a webhook, a Greenhouse `PATCH`), which answers with a status. */
const overHttp = (delivery: DeliveryView) => delivery.kind === 'webhook' || delivery.kind === 'greenhouse';

/** Why the last attempt of a message failed, in words (`failureWords`); null when none failed. */
function lastFailure(delivery: DeliveryView) {
  if (!delivery.lastError || delivery.state === 'sent') return null;
  return failureWords(delivery.lastError, overHttp(delivery) ? 'the endpoint' : 'the mail server');
}

/**
 * How one email went, in the reviewer's words; `time` formats a server time for them. Without a
 * mail server a message is only written on the server, and is never called sent.
 */
export function deliveryStateText(delivery: DeliveryView, time: (at: string) => string, emailSetUp: boolean): string {
  const done = overHttp(delivery)
    ? `Delivered (HTTP ${delivery.lastStatus ?? 200})`
    : emailSetUp
      ? 'Sent'
      : 'Kept on the server, not sent (email is not set up)';
  const failure = lastFailure(delivery);
  switch (delivery.state) {
    case 'sent':
      return delivery.sentAt ? `${done} at ${time(delivery.sentAt)}.` : `${done}.`;
    case 'failed': {
      const why = failure?.words ?? 'the mail server refused it';
      if (!delivery.sentAt) return `Not sent: ${why}.`;
      // Sent once, then asked for again: the first one still went out. A webhook's last status is the failure's.
      const earlier = overHttp(delivery) ? 'Delivered' : done;
      return `${earlier} at ${time(delivery.sentAt)}; not sent again: ${why}.`;
    }
    case 'queued':
      if (delivery.attempts === 0 || !failure) return 'Waiting to be sent.';
      return `Attempt ${delivery.attempts} failed: ${failure.words}. Next try at ${time(delivery.dueAt ?? delivery.createdAt)}.`;
  }
}

/** The error of a message's last failed attempt as it was given, where the words above say it otherwise; else null. */
export function deliveryFailureDetail(delivery: DeliveryView): string | null {
  return lastFailure(delivery)?.detail ?? null;
}

/** A message can be sent again unless it is waiting to be sent already. */
export const canSendAgain = (delivery: DeliveryView): boolean => delivery.state !== 'queued';

/** A reminder setting in the reviewer's words. */
export function reminderChoiceName(hours: number): string {
  return hours === 0 ? 'No reminder is sent' : `One reminder, ${hours} hours before the link expires`;
}

/** What a message is: an email's kind, a webhook's event, or what Greenhouse was told. */
export function deliveryWhat(delivery: DeliveryView): string {
  if (delivery.kind === 'webhook' && delivery.event) return `Webhook: ${delivery.event}`;
  if (delivery.kind === 'greenhouse' && delivery.event)
    return GREENHOUSE_NEWS[delivery.event] ?? DELIVERY_KIND_NAMES.greenhouse;
  return DELIVERY_KIND_NAMES[delivery.kind];
}

/** To whom a message went, in the reviewer's words: a candidate blind review hides from them by code. */
export function deliveryRecipient(delivery: DeliveryView): string {
  if (delivery.blindCode) return candidateName(null, delivery.blindCode);
  return delivery.recipient || '(erased)';
}
