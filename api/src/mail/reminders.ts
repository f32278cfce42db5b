import { allCompanies, testsOfCompany } from '@assessment/core';
import type { PeriodicTask } from '../jobs/periodic-tasks.ts';
import type { DeliveryStore } from '../storage/deliveries/delivery-store.ts';
import type { InvitationStore } from '../storage/invitations/invitation-store.ts';

const HOUR_MS = 3_600_000;
/** A reminder that would come within a day of the invitation itself is not sent: it would only nag. */
export const MIN_TIME_BEFORE_REMINDER_MS = 24 * HOUR_MS;

/**
 * Every quarter of an hour (and at start): each unstarted invitation that expires within its
 * company's reminder period (`reminderHours`, 48 by default; 0 turns reminders off) gets one
 * reminder queued. A revoked, started, finished or erased invitation gets none, and the sender
 * checks again before it sends (`delivery-sender.ts`).
 */
export function remindersTask(deps: { deliveries: DeliveryStore; invitations: InvitationStore }): PeriodicTask {
  return {
    name: 'reminders',
    everyMs: HOUR_MS / 4,
    async run(now) {
      for (const { companyId } of allCompanies()) {
        const hours = await deps.deliveries.reminderHours(companyId);
        if (hours === 0) continue;
        const testIds = testsOfCompany(companyId).map((test) => test.uuid);
        const due = await deps.invitations.unstartedExpiring(
          testIds,
          now,
          now + hours * HOUR_MS,
          hours * HOUR_MS + MIN_TIME_BEFORE_REMINDER_MS,
        );
        if (due.length > 0) await deps.deliveries.queueReminders(due, now);
      }
    },
  };
}
