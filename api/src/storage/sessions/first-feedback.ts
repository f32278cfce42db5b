import { type Expression, type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { deliveryRow, type QueuedDelivery, type WebhookEvent, webhookDelivery } from '../deliveries/delivery-store.ts';
import type { SessionRef } from './session-store.ts';

type Row = ReturnType<typeof deliveryRow>;

/**
 * A delivery's row as a select list, its recipient read by the select (an address, a URL) and
 * the rest given: `INSERT … SELECT` queues it only for the rows the select finds. The casts are
 * PostgreSQL's, the one database that runs this.
 */
function deliveryColumns<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  row: Row,
  recipient: Expression<string>,
) {
  return [
    eb.val(row.delivery_id).as('delivery_id'),
    eb.val(row.idempotency_key).as('idempotency_key'),
    eb.val(row.company_id).as('company_id'),
    eb.val(row.kind).as('kind'),
    sql<string>`${recipient}`.as('recipient'),
    sql<string | null>`${row.invitation_id}::text`.as('invitation_id'),
    sql<string | null>`${row.session_id}::text`.as('session_id'),
    eb.val(row.state).as('state'),
    sql<number>`${row.due_at}::bigint`.as('due_at'),
    sql<number>`${row.created_at}::bigint`.as('created_at'),
    sql<string | null>`${row.payload}::text`.as('payload'),
  ];
}

const DELIVERY_COLUMNS = [
  'delivery_id',
  'idempotency_key',
  'company_id',
  'kind',
  'recipient',
  'invitation_id',
  'session_id',
  'state',
  'due_at',
  'created_at',
  'payload',
] as const satisfies readonly (keyof Row)[];

/**
 * The first feedback and everything it causes, as one statement where a statement's `WITH` may
 * write (PostgreSQL): the feedback row, the invitation and the demographics marked finished, the
 * candidate's receipt to the email they confirmed and the company's webhook event, each queued
 * only when the feedback was stored now and its recipient exists. On PostgreSQL each statement is
 * a round trip between the API and the database, and the several statements of the same write
 * cost the API's event loop most of a request's time there (`bench/README.md`, "Where the API's
 * event loop goes on PostgreSQL"). Returns whether the feedback was stored, and the deliveries it queued, whose jobs the
 * caller schedules in the same transaction.
 */
export async function storeFirstFeedback(
  db: Db,
  ref: SessionRef,
  payload: string,
  currentScore: number,
): Promise<{ stored: boolean; queued: { deliveryId: string; at: number }[] }> {
  const { sessionId, testId, receivedAt } = ref;
  // The recipients are the select's; these rows give the rest.
  const receipt = deliveryRow(receiptDelivery(sessionId, testId, receivedAt, ''));
  const webhook = deliveryRow(webhookDelivery(finishedEvent(ref), ''));
  // Whether the feedback was stored by this statement: what it causes happens only then.
  const stored = sql<boolean>`exists (select 1 from stored)`;
  const row = await db
    .with('stored', (w) =>
      w
        .insertInto('feedback')
        .values({
          session_id: sessionId,
          payload,
          received_at: receivedAt,
          updated_at: receivedAt,
          current_score: currentScore,
        })
        .onConflict((conflict) => conflict.column('session_id').doNothing())
        .returning('session_id'),
    )
    .with('finished_invitation', (w) =>
      w
        .updateTable('invitations')
        .set({ finished_at: receivedAt })
        .where('session_id', '=', sessionId)
        .where('finished_at', 'is', null)
        .where(stored),
    )
    .with('finished_demographics', (w) =>
      w.updateTable('demographics').set({ finished: true }).where('session_id', '=', sessionId).where(stored),
    )
    .with('receipt', (w) =>
      w
        .insertInto('deliveries')
        .columns(DELIVERY_COLUMNS)
        .expression((eb) =>
          eb
            .selectFrom('registrations as r')
            .select((eb) => deliveryColumns(eb, receipt, eb.ref('r.email')))
            .where('r.session_id', '=', sessionId)
            .where(stored)
            .where('r.email', '<>', ''),
        )
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .returning('delivery_id'),
    )
    .with('webhook', (w) =>
      w
        .insertInto('deliveries')
        .columns(DELIVERY_COLUMNS)
        .expression((eb) =>
          eb
            .selectFrom('webhook_endpoints as e')
            .select((eb) => deliveryColumns(eb, webhook, eb.ref('e.url')))
            .where('e.company_id', '=', webhook.company_id)
            .where((eb) =>
              eb.exists(
                eb
                  .selectFrom('registrations as r')
                  .select('r.session_id')
                  .where('r.session_id', '=', sessionId)
                  .where(stored),
              ),
            ),
        )
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .returning('delivery_id'),
    )
    .selectNoFrom((eb) => [
      stored.as('stored'),
      eb.selectFrom('receipt').select('receipt.delivery_id').as('receipt'),
      eb.selectFrom('webhook').select('webhook.delivery_id').as('webhook'),
    ])
    .executeTakeFirstOrThrow();
  const queued = [row.receipt, row.webhook]
    .filter((deliveryId) => deliveryId != null)
    .map((deliveryId) => ({ deliveryId, at: receivedAt }));
  return { stored: Boolean(row.stored), queued };
}

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
