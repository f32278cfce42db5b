import type { DeliveryView } from '@assessment/core';
import { candidateName } from '../../candidates/lib/candidate-labels.ts';

export const DELIVERY_KIND_NAMES: Record<DeliveryView['kind'], string> = {
  invitation: 'Invitation',
  reminder: 'Reminder of an invitation not started',
  receipt: 'Receipt of a finished assessment',
  webhook: 'Webhook',
  teammate: "A teammate's link to set a password",
};

/**
 * How one email went, in the reviewer's words; `time` formats a server time for them. Without a
 * mail server a message is only written on the server, and is never called sent.
 */
export function deliveryStateText(delivery: DeliveryView, time: (at: string) => string, emailSetUp: boolean): string {
  const done =
    delivery.kind === 'webhook'
      ? `Delivered (HTTP ${delivery.lastStatus ?? 200})`
      : emailSetUp
        ? 'Sent'
        : 'Kept on the server, not sent (email is not set up)';
  switch (delivery.state) {
    case 'sent':
      return delivery.sentAt ? `${done} at ${time(delivery.sentAt)}.` : `${done}.`;
    case 'failed': {
      const why = (delivery.lastError ?? 'the mail server refused it').replace(/\.$/, '');
      if (!delivery.sentAt) return `Not sent: ${why}.`;
      // Sent once, then asked for again: the first one still went out. A webhook's last status is the failure's.
      const earlier = delivery.kind === 'webhook' ? 'Delivered' : done;
      return `${earlier} at ${time(delivery.sentAt)}; not sent again: ${why}.`;
    }
    case 'queued':
      if (delivery.attempts === 0 || !delivery.lastError) return 'Waiting to be sent.';
      return `Attempt ${delivery.attempts} failed (${delivery.lastError}); tried again at ${time(delivery.dueAt ?? delivery.createdAt)}.`;
  }
}

/** A message can be sent again unless it is waiting to be sent already. */
export const canSendAgain = (delivery: DeliveryView): boolean => delivery.state !== 'queued';

/** A reminder setting in the reviewer's words. */
export function reminderChoiceName(hours: number): string {
  return hours === 0 ? 'No reminder is sent' : `One reminder, ${hours} hours before the link expires`;
}

/** What a message is: an email's kind, or a webhook's event. */
export function deliveryWhat(delivery: DeliveryView): string {
  return delivery.kind === 'webhook' && delivery.event
    ? `Webhook: ${delivery.event}`
    : DELIVERY_KIND_NAMES[delivery.kind];
}

/** To whom a message went, in the reviewer's words: a candidate blind review hides from them by code. */
export function deliveryRecipient(delivery: DeliveryView): string {
  if (delivery.blindCode) return candidateName(null, delivery.blindCode);
  return delivery.recipient || '(erased)';
}
