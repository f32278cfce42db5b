import type { DeliveryView, PartnerReportView } from '@assessment/core';
import { iso } from '../admin/time.ts';
import { withoutAddresses } from '../privacy/addresses.ts';
import type { ListedDelivery, StoredDelivery } from '../storage/deliveries/delivery-store.ts';
import type { StoredGreenhouseReport } from '../storage/partners/partner-store.ts';
import { blindCode } from './blind-review.ts';

/** How many of the company's newest messages the review page lists. */
export const DELIVERIES_SHOWN = 100;

/**
 * A webhook endpoint's or Greenhouse's address as a reviewer who is not an admin reads it: its
 * origin alone. The path and query often carry the receiver's token or its id of a candidate, and
 * only admins may see or set the endpoint or the keys.
 */
export function endpointForReviewers(url: string): string {
  try {
    return `${new URL(url).origin}/…`;
  } catch {
    return 'the webhook endpoint';
  }
}

/** The finished candidates the messages name, each as the recipient of their receipt, with their test. */
export const receiptCandidates = (logged: readonly ListedDelivery[]): { sessionId: string; testId: string }[] =>
  logged.flatMap(({ kind, sessionId, testId }) =>
    kind === 'receipt' && sessionId !== null && testId !== null ? [{ sessionId, testId }] : [],
  );

/**
 * The code of the candidate the message names where blind review hides them from the reader
 * (`hidden`, by session): a receipt's recipient; else null. An invitation or a reminder names its
 * invitee as the test's list of invitations does to every reviewer, and, in a blind test, never the
 * session it led to.
 */
export function hiddenRecipientCode(delivery: StoredDelivery, hidden: ReadonlySet<string>): string | null {
  const { kind, sessionId } = delivery;
  return kind === 'receipt' && sessionId !== null && hidden.has(sessionId) ? blindCode(sessionId) : null;
}

function recipientFor(delivery: StoredDelivery, seesEndpoints: boolean): string {
  const address = delivery.kind === 'webhook' || delivery.kind === 'greenhouse';
  return address && !seesEndpoints ? endpointForReviewers(delivery.recipient) : delivery.recipient;
}

/**
 * Why a message failed, for a reader from whom blind review hides its recipient: a mail server's
 * refusal quotes the address it refused, whole (`550 5.1.1 <ada@mail.example>: User unknown`) or
 * by its mailbox (`user ada.lovelace unknown`). The rest stays, which tells what to do about it.
 */
export function failureWithoutRecipient(lastError: string, recipient: string): string {
  const at = recipient.lastIndexOf('@');
  const mailbox = at === -1 ? recipient : recipient.slice(0, at);
  const redacted = withoutAddresses(lastError);
  // A mailbox of a letter or two is also a word of the server's own sentence, and says little.
  if (mailbox.length < 3) return redacted;
  const escaped = mailbox.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return redacted.replace(new RegExp(`(?<![\\w.+-])${escaped}(?![\\w.+-])`, 'gi'), '[address]');
}

/** A message as the reader gets it; `code`: that of the candidate it names, where they are hidden from them. */
export function deliveryView(delivery: ListedDelivery, seesEndpoints: boolean, code: string | null): DeliveryView {
  return {
    deliveryId: delivery.deliveryId,
    kind: delivery.kind,
    recipient: code === null ? recipientFor(delivery, seesEndpoints) : null,
    blindCode: code,
    state: delivery.state,
    attempts: delivery.attempts,
    createdAt: iso(delivery.createdAt) as string,
    sentAt: iso(delivery.sentAt),
    dueAt: delivery.state === 'queued' ? (iso(delivery.dueAt) as string) : null,
    lastError:
      code === null || delivery.lastError === null
        ? delivery.lastError
        : failureWithoutRecipient(delivery.lastError, delivery.recipient),
    event: delivery.payload ? ((JSON.parse(delivery.payload) as { type?: string }).type ?? null) : null,
    lastStatus: delivery.lastStatus,
  };
}

/** A `response_error` Greenhouse sent, as the company's admins read it. */
export function partnerReportView(report: StoredGreenhouseReport): PartnerReportView {
  return {
    reportId: report.reportId,
    apiCall: report.apiCall,
    errors: report.errors,
    partnerTestId: report.partnerTestId,
    partnerTestName: report.partnerTestName,
    partnerInterviewId: report.partnerInterviewId,
    receivedAt: iso(report.receivedAt) as string,
  };
}
