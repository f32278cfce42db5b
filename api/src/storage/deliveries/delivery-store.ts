import { randomBytes } from 'node:crypto';
import { companyIdOf, DEFAULT_REMINDER_HOURS, getTest, type WebhookEventType } from '@assessment/core';
import { type Selectable, sql } from 'kysely';
import { type Db, type DeliveryJobs, type DueDelivery, defineWrites } from '../db/database.ts';
import type { DeliveriesTable } from '../db/schema.ts';
import type { Storage } from '../db/storage.ts';

/**
 * The outward queue and the company's delivery log in one table (`deliveries`): a message is
 * queued by the write that causes it, in its transaction, and sent by whichever instance claims it
 * first (`claimDelivery`, one conditional update the database lets one instance win). Where the
 * database has a kept job queue (`DeliveryJobs` in `db/database.ts`), each attempt is also a
 * job of it, scheduled in the same transaction, and instances take their work from there; without
 * one, they read the due rows.
 */

export const DELIVERY_KINDS = [
  'invitation',
  'reminder',
  'receipt',
  'webhook',
  'teammate',
  'greenhouse',
  'release',
] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export type DeliveryState = 'queued' | 'sent' | 'failed';

export type QueuedDelivery = {
  /** Names the cause: a second delivery with the same key is not queued. */
  idempotencyKey: string;
  kind: DeliveryKind;
  recipient: string;
  invitationId: string | null;
  sessionId: string | null;
  at: number;
  /**
   * A webhook's event as JSON; what a Greenhouse `PATCH` tells (`partners/greenhouse-deliveries.ts`);
   * a teammate's link and why it was made (kept only until the message is sent or given up on);
   * none for another email.
   */
  payload?: string;
} & (
  | {
      /** The test it is about; the delivery is logged for the test's company. */
      testId: string;
    }
  | { companyId: string }
);

export interface StoredDelivery {
  deliveryId: string;
  companyId: string;
  kind: DeliveryKind;
  recipient: string;
  invitationId: string | null;
  sessionId: string | null;
  state: DeliveryState;
  attempts: number;
  dueAt: number;
  lastError: string | null;
  sentAt: number | null;
  createdAt: number;
  /** A webhook's event, or what a Greenhouse `PATCH` tells, as JSON; null for an email. */
  payload: string | null;
  lastStatus: number | null;
}

/** What a company's list of messages holds: a section team's message (`release`) is in no company's. */
export type CompanyDeliveryKind = Exclude<DeliveryKind, 'release'>;

/** A delivery as the company's list of messages has it: with the test of the session it names. */
export interface ListedDelivery extends Omit<StoredDelivery, 'kind'> {
  kind: CompanyDeliveryKind;
  /** Null where it names no session, or the session is gone. */
  testId: string | null;
}

export type SendAgainResult = 'queued' | 'sent-lately' | 'not-found';

/**
 * A message that went out is sent again only this long after: a lost email is worth a second
 * one, but a button pressed over and over must not flood a candidate's inbox in the company's name.
 */
export const SEND_AGAIN_AFTER_MS = 10 * 60_000;

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

export interface DeliveryStore {
  /**
   * Queued deliveries due by `now` that no instance holds, at most `limit`. Where the rows are the
   * queue, oldest first, and none of a company that already has `perCompany` held (being sent):
   * one company's backlog never fills the batch. Where a job queue keeps them, each company's next
   * before any company's later ones (`DeliveryJobs.due`).
   */
  dueDeliveries(now: number, limit: number, perCompany: number): Promise<DueDelivery[]>;
  /** Takes a due delivery for one attempt, held until `now + holdMs`; undefined when another instance has it. */
  claimDelivery(deliveryId: string, now: number, holdMs: number): Promise<StoredDelivery | undefined>;
  /** When a queued delivery is due after `now`, its due time; undefined when it is due, held or done. */
  dueLater(deliveryId: string, now: number): Promise<number | undefined>;
  /**
   * `status`: the HTTP status a webhook or a `PATCH` got; null for an email. False when there was no such
   * delivery any more: its candidate was erased while it was being sent.
   */
  markSent(deliveryId: string, at: number, status?: number | null): Promise<boolean>;
  /** The attempt failed: try again at `retryAt`, or give up (`failed`) when it is null. */
  markFailed(deliveryId: string, error: string, retryAt: number | null, status?: number | null): Promise<void>;
  /**
   * Queues a delivery of the company again, now. `sent-lately`: it went out less than
   * `SEND_AGAIN_AFTER_MS` ago; `not-found`: there is none, or it is being sent.
   */
  sendAgain(companyId: string, deliveryId: string, now: number): Promise<SendAgainResult>;
  /** The company's deliveries, newest first. */
  deliveriesOf(companyId: string, limit: number): Promise<ListedDelivery[]>;
  /** Ids of the deliveries that name this session or invitation, so their copies can be erased too. */
  deliveryIdsOf(sessionId: string | null, invitationId: string | null): Promise<string[]>;
  /** Hours before an unstarted invitation of the company expires that its candidate is reminded; 0: never. */
  reminderHours(companyId: string): Promise<number>;
  setReminderHours(companyId: string, hours: number, at: number): Promise<void>;
  webhookEndpoint(companyId: string): Promise<WebhookEndpoint | undefined>;
  /** Sets the endpoint's address, and its secret when one is given (else keeps the one it has). */
  setWebhookEndpoint(companyId: string, url: string, secret: string | null, at: number): Promise<void>;
  removeWebhookEndpoint(companyId: string): Promise<void>;
  /** Queues one reminder per invitation; an invitation reminded before gets none. */
  queueReminders(invitations: { invitationId: string; testId: string; email: string }[], at: number): Promise<void>;
}

function companyOfTest(testId: string): string {
  const test = getTest(testId);
  if (!test) throw new Error(`No test ${testId} in the catalogue`);
  return companyIdOf(test);
}

/**
 * Queues a message inside a write's own transaction (`db` is the transaction's): it is stored
 * with the change that causes it or not at all, and so is its first attempt's job, where `jobs`
 * is a job queue.
 */
export async function queueDelivery(db: Db, jobs: DeliveryJobs, delivery: QueuedDelivery): Promise<void> {
  const row = deliveryRow(delivery);
  const queued = await db
    .insertInto('deliveries')
    .values(row)
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .executeTakeFirst();
  // A cause queued before has its delivery, and that its jobs, already.
  if (queued.numInsertedOrUpdatedRows !== 0n) {
    await jobs.schedule(db, [{ deliveryId: row.delivery_id, at: delivery.at }]);
  }
}

/** The row of a delivery just queued, with an id of its own. */
export function deliveryRow(delivery: QueuedDelivery) {
  return {
    delivery_id: `dlv_${randomBytes(10).toString('hex')}`,
    idempotency_key: delivery.idempotencyKey,
    company_id: 'companyId' in delivery ? delivery.companyId : companyOfTest(delivery.testId),
    kind: delivery.kind,
    recipient: delivery.recipient,
    invitation_id: delivery.invitationId,
    session_id: delivery.sessionId,
    state: 'queued',
    due_at: delivery.at,
    created_at: delivery.at,
    payload: delivery.payload ?? null,
  };
}

const kindOf = (value: string): DeliveryKind => DELIVERY_KINDS.find((kind) => kind === value) ?? 'invitation';
const stateOf = (value: string): DeliveryState => (value === 'sent' || value === 'failed' ? value : 'queued');

export interface WebhookEvent {
  type: WebhookEventType;
  testId: string;
  cause: string;
  data: Record<string, string | null>;
  sessionId: string | null;
  invitationId: string | null;
  at: number;
}

/** The test's company's webhook endpoint, as a query a write may also read inside one of its own. */
export const webhookUrlOf = (db: Db, testId: string) =>
  db.selectFrom('webhook_endpoints').select('url').where('company_id', '=', companyOfTest(testId));

/**
 * Queues a webhook event inside a write's own transaction, when the test's company has an
 * endpoint: ids only, never what the candidate sent (the sender adds the review page's link).
 * `cause` names it, so a retried write queues no second one.
 */
export async function queueWebhook(db: Db, jobs: DeliveryJobs, event: WebhookEvent): Promise<void> {
  // A test no longer in the catalogue has no company to tell, as when its retention erases a
  // session of it (`api/src/privacy/erasure.ts`).
  if (!getTest(event.testId)) return;
  const endpoint = await webhookUrlOf(db, event.testId).executeTakeFirst();
  await queueWebhookTo(db, jobs, endpoint?.url ?? null, event);
}

/** `queueWebhook` for a write that has read the endpoint (`webhookUrlOf`) with its other facts. */
export async function queueWebhookTo(
  db: Db,
  jobs: DeliveryJobs,
  url: string | null,
  event: WebhookEvent,
): Promise<void> {
  if (!url) return;
  // A preview link's session is a section team's look at a release: no company is told of it.
  if (event.sessionId !== null) {
    const session = await db
      .selectFrom('sessions')
      .select('preview_release_id')
      .where('session_id', '=', event.sessionId)
      .executeTakeFirst();
    if (session?.preview_release_id) return;
  }
  await queueDelivery(db, jobs, webhookDelivery(event, url));
}

/** The delivery of a webhook event to the company's endpoint at `url`. */
export function webhookDelivery(event: WebhookEvent, url: string): QueuedDelivery {
  return {
    idempotencyKey: `webhook:${event.type}:${event.cause}`,
    testId: event.testId,
    kind: 'webhook',
    recipient: url,
    invitationId: event.invitationId,
    sessionId: event.sessionId,
    at: event.at,
    payload: JSON.stringify({
      type: event.type,
      timestamp: new Date(event.at).toISOString(),
      data: { testId: event.testId, ...event.data },
    }),
  };
}

function toDelivery(row: Selectable<DeliveriesTable>): StoredDelivery {
  return {
    deliveryId: row.delivery_id,
    companyId: row.company_id,
    kind: kindOf(row.kind),
    recipient: row.recipient,
    invitationId: row.invitation_id,
    sessionId: row.session_id,
    state: stateOf(row.state),
    attempts: Number(row.attempts),
    dueAt: Number(row.due_at),
    lastError: row.last_error,
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    createdAt: Number(row.created_at),
    payload: row.payload,
    lastStatus: row.last_status === null ? null : Number(row.last_status),
  };
}

/** A teammate's link lives in its message only until that is sent or given up on; the rest keep theirs. */
const keptPayload = sql<string | null>`CASE WHEN kind = 'teammate' THEN NULL ELSE payload END`;

export const deliveryWrites = defineWrites({
  async claimDelivery({ db }, deliveryId: string, now: number, holdMs: number): Promise<StoredDelivery | undefined> {
    const row = await db
      .updateTable('deliveries')
      .set((eb) => ({ held_until: now + holdMs, attempts: eb('attempts', '+', 1) }))
      .where('delivery_id', '=', deliveryId)
      .where('state', '=', 'queued')
      .where('due_at', '<=', now)
      .where('held_until', '<=', now)
      .returningAll()
      .executeTakeFirst();
    return row && toDelivery(row);
  },

  async markSent({ db }, deliveryId: string, at: number, status: number | null = null): Promise<boolean> {
    const marked = await db
      .updateTable('deliveries')
      .set({ state: 'sent', sent_at: at, held_until: 0, last_error: null, last_status: status, payload: keptPayload })
      .where('delivery_id', '=', deliveryId)
      .executeTakeFirst();
    return marked.numUpdatedRows > 0n;
  },

  async markFailed(
    { atomically, deliveryJobs },
    deliveryId: string,
    error: string,
    retryAt: number | null,
    status: number | null = null,
  ): Promise<void> {
    await atomically(async (db) => {
      await db
        .updateTable('deliveries')
        .set((eb) => ({
          last_status: status,
          state: retryAt === null ? 'failed' : 'queued',
          due_at: retryAt ?? eb.ref('due_at'),
          held_until: 0,
          last_error: error.slice(0, 500),
          ...(retryAt === null ? { payload: keptPayload } : {}),
        }))
        .where('delivery_id', '=', deliveryId)
        .execute();
      if (retryAt !== null) await deliveryJobs.schedule(db, [{ deliveryId, at: retryAt }]);
    });
  },

  async setWebhookEndpoint({ db }, companyId: string, url: string, secret: string | null, at: number): Promise<void> {
    if (secret === null) {
      await db
        .updateTable('webhook_endpoints')
        .set({ url, updated_at: at })
        .where('company_id', '=', companyId)
        .execute();
      return;
    }
    await db
      .insertInto('webhook_endpoints')
      .values({ company_id: companyId, url, secret, updated_at: at })
      .onConflict((conflict) => conflict.column('company_id').doUpdateSet({ url, secret, updated_at: at }))
      .execute();
  },

  async removeWebhookEndpoint({ db }, companyId: string): Promise<void> {
    await db.deleteFrom('webhook_endpoints').where('company_id', '=', companyId).execute();
  },

  async setReminderHours({ db }, companyId: string, hours: number, at: number): Promise<void> {
    await db
      .insertInto('reminder_settings')
      .values({ company_id: companyId, reminder_hours: hours, updated_at: at })
      .onConflict((conflict) => conflict.column('company_id').doUpdateSet({ reminder_hours: hours, updated_at: at }))
      .execute();
  },

  async queueReminders(
    { atomically, deliveryJobs },
    invitations: { invitationId: string; testId: string; email: string }[],
    at: number,
  ): Promise<void> {
    await atomically(async (db) => {
      for (const invitation of invitations) {
        await queueDelivery(db, deliveryJobs, {
          idempotencyKey: `reminder:${invitation.invitationId}`,
          testId: invitation.testId,
          kind: 'reminder',
          recipient: invitation.email,
          invitationId: invitation.invitationId,
          sessionId: null,
          at,
        });
      }
    });
  },

  async sendAgain(
    { atomically, deliveryJobs },
    companyId: string,
    deliveryId: string,
    now: number,
  ): Promise<SendAgainResult> {
    return atomically(async (db) => {
      const row = await db
        .selectFrom('deliveries')
        .select(['held_until', 'sent_at'])
        .where('delivery_id', '=', deliveryId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (!row || row.held_until > now) return 'not-found';
      const lately = now - SEND_AGAIN_AFTER_MS;
      if (row.sent_at !== null && row.sent_at > lately) return 'sent-lately';
      // Checked again as it is queued: another instance may have claimed or sent it since the read.
      const queued = await db
        .updateTable('deliveries')
        .set({ state: 'queued', due_at: now, attempts: 0 })
        .where('delivery_id', '=', deliveryId)
        .where('held_until', '<=', now)
        .where((eb) => eb.or([eb('sent_at', 'is', null), eb('sent_at', '<=', lately)]))
        .executeTakeFirst();
      if (queued.numUpdatedRows === 0n) return 'not-found';
      await deliveryJobs.schedule(db, [{ deliveryId, at: now }]);
      return 'queued';
    });
  },
});

export function createDeliveryStore({ reads: db, write, deliveryJobs }: Storage): DeliveryStore {
  return {
    dueDeliveries: (now, limit, perCompany) => deliveryJobs.due(now, limit, perCompany),
    claimDelivery: (deliveryId, now, holdMs) => write('claimDelivery', deliveryId, now, holdMs),
    async dueLater(deliveryId, now) {
      const row = await db
        .selectFrom('deliveries')
        .select('due_at')
        .where('delivery_id', '=', deliveryId)
        .where('state', '=', 'queued')
        .where('due_at', '>', now)
        .executeTakeFirst();
      return row && Number(row.due_at);
    },
    markSent: (deliveryId, at, status = null) => write('markSent', deliveryId, at, status),
    setWebhookEndpoint: (companyId, url, secret, at) => write('setWebhookEndpoint', companyId, url, secret, at),
    removeWebhookEndpoint: (companyId) => write('removeWebhookEndpoint', companyId),
    async webhookEndpoint(companyId) {
      return db
        .selectFrom('webhook_endpoints')
        .select(['url', 'secret'])
        .where('company_id', '=', companyId)
        .executeTakeFirst();
    },
    setReminderHours: (companyId, hours, at) => write('setReminderHours', companyId, hours, at),
    queueReminders: (invitations, at) => write('queueReminders', invitations, at),
    async reminderHours(companyId) {
      const row = await db
        .selectFrom('reminder_settings')
        .select('reminder_hours')
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return row ? Number(row.reminder_hours) : DEFAULT_REMINDER_HOURS;
    },
    markFailed: (deliveryId, error, retryAt, status = null) => write('markFailed', deliveryId, error, retryAt, status),
    sendAgain: (companyId, deliveryId, now) => write('sendAgain', companyId, deliveryId, now),
    async deliveriesOf(companyId, limit) {
      const rows = await db
        .selectFrom('deliveries')
        .leftJoin('sessions', 'sessions.session_id', 'deliveries.session_id')
        .selectAll('deliveries')
        .select('sessions.test_id')
        .where('deliveries.company_id', '=', companyId)
        .orderBy('deliveries.created_at', 'desc')
        .orderBy('deliveries.delivery_id', 'desc')
        .limit(limit)
        .execute();
      return rows.flatMap(({ test_id, ...row }) => {
        const delivery = toDelivery(row);
        return delivery.kind === 'release' ? [] : [{ ...delivery, kind: delivery.kind, testId: test_id }];
      });
    },
    async deliveryIdsOf(sessionId, invitationId) {
      const rows = await db
        .selectFrom('deliveries')
        .select('delivery_id')
        .where((eb) =>
          eb.or([
            ...(sessionId === null ? [] : [eb('session_id', '=', sessionId)]),
            ...(invitationId === null ? [] : [eb('invitation_id', '=', invitationId)]),
          ]),
        )
        .execute();
      return rows.map((row) => row.delivery_id);
    },
  };
}
