import type { DeliveryView } from '@assessment/core';
import { iso } from '../admin/time.ts';
import type { StoredDelivery } from '../storage/deliveries/delivery-store.ts';

/** How many of the company's newest messages the review page lists. */
export const DELIVERIES_SHOWN = 100;

/**
 * A webhook endpoint's address as a reviewer who is not an admin reads it: its origin alone. The
 * path and query often carry the receiver's token, and only admins may see or set the endpoint.
 */
export function endpointForReviewers(url: string): string {
  try {
    return `${new URL(url).origin}/…`;
  } catch {
    return 'the webhook endpoint';
  }
}

export function deliveryView(delivery: StoredDelivery, seesEndpoints: boolean): DeliveryView {
  return {
    deliveryId: delivery.deliveryId,
    kind: delivery.kind,
    recipient:
      delivery.kind === 'webhook' && !seesEndpoints ? endpointForReviewers(delivery.recipient) : delivery.recipient,
    state: delivery.state,
    attempts: delivery.attempts,
    createdAt: iso(delivery.createdAt) as string,
    sentAt: iso(delivery.sentAt),
    dueAt: delivery.state === 'queued' ? (iso(delivery.dueAt) as string) : null,
    lastError: delivery.lastError,
    event: delivery.payload ? ((JSON.parse(delivery.payload) as { type?: string }).type ?? null) : null,
    lastStatus: delivery.lastStatus,
  };
}
