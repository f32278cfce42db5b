import type { DeliveryView } from '@assessment/core';
import { iso } from '../admin/time.ts';
import type { StoredDelivery } from '../storage/deliveries/delivery-store.ts';

/** How many of the company's newest messages the review page lists. */
export const DELIVERIES_SHOWN = 100;

export function deliveryView(delivery: StoredDelivery): DeliveryView {
  return {
    deliveryId: delivery.deliveryId,
    kind: delivery.kind,
    recipient: delivery.recipient,
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
