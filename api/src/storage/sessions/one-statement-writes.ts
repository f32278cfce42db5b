import { type Expression, type RawBuilder, sql } from 'kysely';
import { registeredMonth } from '../../privacy/report-months.ts';
import { compiledOnce } from '../db/compiled-once.ts';
import type { Db } from '../db/database.ts';
import type { RegistrationsTable } from '../db/schema.ts';
import { deliveryRow, webhookDelivery } from '../deliveries/delivery-store.ts';
import { greenhouseDelivery } from '../partners/greenhouse-deliveries.ts';
import { finishedEvent, receiptDelivery, startedEvent } from './session-events.ts';
import type { SessionRef } from './session-store.ts';

/**
 * The session writes of an assessment day's busiest moments, each as one statement where a
 * statement's `WITH` may write (PostgreSQL, `Dialect.writableWith`): the registration that opens
 * a session, and the first feedback. On PostgreSQL every statement is a round trip, whose socket
 * write and wake-up cost the API's event loop more than the statement itself (`bench/README.md`,
 * "Where the API's event loop goes on PostgreSQL"). SQLite's writer thread runs the same writes
 * as several statements (`session-writes.ts`), with no round trip between them; the store
 * contract's tests run both.
 */

type Row = ReturnType<typeof deliveryRow>;

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

/** Each delivery's columns, as values of a statement: `receipt_kind`, `webhook_payload`… */
type DeliveryValues<Delivery extends string> = Record<`${Delivery}_${keyof Row}`, string | number | null>;

type FirstFeedbackValues = DeliveryValues<'receipt' | 'webhook' | 'greenhouse'> & {
  sessionId: string;
  payload: string;
  receivedAt: number;
  currentScore: number;
};

/** One delivery's row as the values `receipt_…`, `webhook_…` or `greenhouse_…` of a statement. */
const asValues = (delivery: 'receipt' | 'webhook' | 'greenhouse', row: Row) =>
  Object.fromEntries(DELIVERY_COLUMNS.map((column) => [`${delivery}_${column}`, row[column]]));

/**
 * A delivery's row as a select list, its recipient read by the select (an address, a URL), and its
 * invitation too where `invitationId` is given, and the rest given: `INSERT … SELECT` queues it
 * only for the rows the select finds. The casts are PostgreSQL's, the one database that runs this.
 */
function deliveryColumns(
  given: (column: keyof Row) => unknown,
  recipient: Expression<string>,
  invitationId?: Expression<string>,
) {
  return [
    sql<string>`${given('delivery_id')}::text`.as('delivery_id'),
    sql<string>`${given('idempotency_key')}::text`.as('idempotency_key'),
    sql<string>`${given('company_id')}::text`.as('company_id'),
    sql<string>`${given('kind')}::text`.as('kind'),
    sql<string>`${recipient}`.as('recipient'),
    (invitationId ? sql<string | null>`${invitationId}` : sql<string | null>`${given('invitation_id')}::text`).as(
      'invitation_id',
    ),
    sql<string | null>`${given('session_id')}::text`.as('session_id'),
    sql<string>`${given('state')}::text`.as('state'),
    sql<number>`${given('due_at')}::bigint`.as('due_at'),
    sql<number>`${given('created_at')}::bigint`.as('created_at'),
    sql<string | null>`${given('payload')}::text`.as('payload'),
  ];
}

/**
 * The company's webhook event queued by a bigger statement, to its endpoint when it has one and
 * `when` holds, from a delivery row whose columns `given` holds.
 */
function webhookWhen(db: Db, given: (column: keyof Row) => unknown, when: RawBuilder<boolean>) {
  return db
    .insertInto('deliveries')
    .columns(DELIVERY_COLUMNS)
    .expression((eb) =>
      eb
        .selectFrom('webhook_endpoints as e')
        .select((eb) => deliveryColumns(given, eb.ref('e.url')))
        .where('e.company_id', '=', sql<string>`${given('company_id')}::text`)
        .where(when),
    )
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning('delivery_id');
}

/**
 * The first feedback and everything it causes, as one statement where a statement's `WITH` may
 * write (PostgreSQL): the feedback row, the invitation and the demographics marked finished, the
 * candidate's receipt to the email they confirmed, the company's webhook event and the `PATCH`
 * that tells Greenhouse (when Greenhouse sent the test), each queued only when the feedback was
 * stored now and its recipient exists. On PostgreSQL each statement is a round trip between the
 * API and the database, and the several statements of the same write cost the API's event loop
 * most of a request's time there (`bench/README.md`, "Where the API's event loop goes on
 * PostgreSQL"); building this one is costly too, so it is compiled once.
 */
const firstFeedbackStatement = compiledOnce<
  FirstFeedbackValues,
  { stored: boolean; receipt: string | null; webhook: string | null; greenhouse: string | null }
>((db, value) => {
  const sessionId = value('sessionId');
  // Whether the feedback was stored by this statement: what it causes happens only then.
  const stored = sql<boolean>`exists (select 1 from stored)`;
  return db
    .with('stored', (w) =>
      w
        .insertInto('feedback')
        .values({
          session_id: sessionId,
          payload: value('payload'),
          received_at: value('receivedAt'),
          updated_at: value('receivedAt'),
          current_score: value('currentScore'),
        })
        .onConflict((conflict) => conflict.column('session_id').doNothing())
        .returning('session_id'),
    )
    .with('finished_invitation', (w) =>
      w
        .updateTable('invitations')
        .set({ finished_at: value('receivedAt') })
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
            .select((eb) => deliveryColumns((column) => value(`receipt_${column}`), eb.ref('r.email')))
            .where('r.session_id', '=', sessionId)
            .where(stored)
            .where('r.email', '<>', ''),
        )
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .returning('delivery_id'),
    )
    .with('webhook', () =>
      webhookWhen(
        db,
        (column) => value(`webhook_${column}`),
        // No company is told of a preview link's session (`releases/release-previews.ts`).
        sql<boolean>`${stored} and exists (select 1 from registrations where session_id = ${sessionId})
          and not exists (select 1 from sessions where session_id = ${sessionId} and preview_release_id is not null)`,
      ),
    )
    .with('greenhouse', (w) =>
      w
        .insertInto('deliveries')
        .columns(DELIVERY_COLUMNS)
        .expression((eb) =>
          eb
            .selectFrom('greenhouse_invitations as g')
            .innerJoin('invitations as i', 'i.invitation_id', 'g.invitation_id')
            .select((eb) =>
              deliveryColumns(
                (column) => value(`greenhouse_${column}`),
                eb.ref('g.callback_url'),
                eb.ref('g.invitation_id'),
              ),
            )
            .where('i.session_id', '=', sessionId)
            .where('g.erased_at', 'is', null)
            .where(stored),
        )
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .returning('delivery_id'),
    )
    .selectNoFrom((eb) => [
      stored.as('stored'),
      eb.selectFrom('receipt').select('receipt.delivery_id').as('receipt'),
      eb.selectFrom('webhook').select('webhook.delivery_id').as('webhook'),
      eb.selectFrom('greenhouse').select('greenhouse.delivery_id').as('greenhouse'),
    ]);
});

/**
 * Stores the first feedback with all it causes (`firstFeedbackStatement`). Returns whether the
 * feedback was stored, and the deliveries it queued, whose jobs the caller schedules in the same
 * transaction.
 */
export async function storeFirstFeedback(
  db: Db,
  ref: SessionRef,
  payload: string,
  currentScore: number,
): Promise<{ stored: boolean; queued: { deliveryId: string; at: number }[] }> {
  const { sessionId, testId, receivedAt } = ref;
  // The recipients are the statement's to read; these rows give the rest.
  const receipt = deliveryRow(receiptDelivery(sessionId, testId, receivedAt, ''));
  const webhook = deliveryRow(webhookDelivery(finishedEvent(ref), ''));
  const greenhouse = deliveryRow(
    greenhouseDelivery('test.completed', { sessionId, testId, at: receivedAt }, { invitationId: '', url: '' }),
  );
  const [row] = (
    await firstFeedbackStatement(db, {
      sessionId,
      payload,
      receivedAt,
      currentScore,
      ...({
        ...asValues('receipt', receipt),
        ...asValues('webhook', webhook),
        ...asValues('greenhouse', greenhouse),
      } as DeliveryValues<'receipt' | 'webhook' | 'greenhouse'>),
    })
  ).rows;
  const queued = [row?.receipt, row?.webhook, row?.greenhouse]
    .filter((deliveryId) => deliveryId != null)
    .map((deliveryId) => ({ deliveryId, at: receivedAt }));
  return { stored: Boolean(row?.stored), queued };
}

type OpeningValues = DeliveryValues<'webhook'> &
  Omit<RegistrationsTable, 'session_id'> & {
    sessionId: string;
    testId: string;
    keyHash: string;
    gender: string;
    registeredMonth: string;
    queuesWebhook: boolean;
  };

/**
 * A registration that opens its session with the open link, as one statement where a statement's
 * `WITH` may write (PostgreSQL): the session bound to its key, the registration, the demographic
 * answer and the company's event, the rest only when the session was opened now. Every candidate
 * of an assessment day sends one within the first minutes, so it is compiled once; a registration
 * that finds its session there (a reload) goes the way of every other (`saveRegistration`).
 */
type OpeningRow = { opened: boolean; endpoint: boolean; webhook: string | null };

const openingStatement = compiledOnce<OpeningValues, OpeningRow>((db, value) => {
  const opened = sql<boolean>`exists (select 1 from opened)`;
  const openLinkOff = sql<boolean>`exists (select 1 from test_settings where test_id = ${value('testId')}::text and not open_link_allowed)`;
  const hasEndpoint = sql<boolean>`exists (select 1 from webhook_endpoints where company_id = ${value('webhook_company_id')}::text)`;
  const text = (name: keyof OpeningValues) => sql<string>`${value(name)}::text`;
  const time = (name: keyof OpeningValues) => sql<number>`${value(name)}::bigint`;
  return db
    .with('opened', (w) =>
      w
        .insertInto('sessions')
        .columns(['session_id', 'test_id', 'started_at', 'key_hash', 'invitation_id'])
        .expression(
          db
            .selectNoFrom([
              text('sessionId').as('session_id'),
              text('testId').as('test_id'),
              time('received_at').as('started_at'),
              text('keyHash').as('key_hash'),
              sql<null>`null::text`.as('invitation_id'),
            ])
            .where(sql<boolean>`${value('queuesWebhook')}::boolean or not ${hasEndpoint}`)
            .where(sql<boolean>`not ${openLinkOff}`)
            .where(sql<boolean>`not exists (select 1 from erased_sessions where key_hash = ${value('keyHash')}::text)`),
        )
        .onConflict((conflict) => conflict.doNothing())
        .returning('session_id'),
    )
    .with('registered', (w) =>
      w
        .insertInto('registrations')
        .columns(['session_id', 'payload', 'received_at', 'updated_at', 'full_name', 'email', 'sort_name'])
        .expression((eb) =>
          eb
            .selectFrom('opened')
            .select([
              'opened.session_id',
              text('payload').as('payload'),
              time('received_at').as('received_at'),
              time('updated_at').as('updated_at'),
              text('full_name').as('full_name'),
              text('email').as('email'),
              text('sort_name').as('sort_name'),
            ]),
        ),
    )
    .with('counted', (w) =>
      w
        .insertInto('demographics')
        .columns(['session_id', 'test_id', 'gender', 'finished', 'registered_month'])
        .expression((eb) =>
          eb
            .selectFrom('opened')
            .select([
              'opened.session_id',
              text('testId').as('test_id'),
              text('gender').as('gender'),
              sql<boolean>`false`.as('finished'),
              text('registeredMonth').as('registered_month'),
            ]),
        ),
    )
    .with('webhook', () =>
      webhookWhen(
        db,
        (column) => value(`webhook_${column}`),
        sql<boolean>`${opened} and ${value('queuesWebhook')}::boolean`,
      ),
    )
    .selectNoFrom((eb) => [
      opened.as('opened'),
      hasEndpoint.as('endpoint'),
      eb.selectFrom('webhook').select('webhook.delivery_id').as('webhook'),
    ]);
});

/**
 * Opens the session of an open-link registration with all it stores (`openingStatement`), and
 * returns whether it opened it, whether the test's company has a webhook endpoint, and the
 * delivery it queued, whose job the caller schedules in the same transaction. Not opened: nothing
 * was written.
 *
 * It opens nothing while the test's open link is off, or with a key whose session was erased: the
 * way of every other registration (`saveRegistration`) then refuses, or lets a session that exists
 * already go on. Without `queuesWebhook`, it opens nothing while the company has an endpoint: a
 * caller with no transaction has nowhere to schedule the event's job, and since the endpoint is
 * read in the same statement, no event is missed however soon before it the endpoint was added.
 */
export async function openWithRegistration(
  db: Db,
  ref: SessionRef,
  keyHash: string,
  registration: RegistrationsTable,
  gender: string,
  queuesWebhook: boolean,
): Promise<{ opened: boolean; endpoint: boolean; queued: { deliveryId: string; at: number }[] }> {
  const { session_id: _, ...details } = registration;
  const webhook = deliveryRow(webhookDelivery(startedEvent(ref, null), ''));
  const [row] = (
    await openingStatement(db, {
      sessionId: ref.sessionId,
      testId: ref.testId,
      keyHash,
      gender,
      registeredMonth: registeredMonth(ref.receivedAt),
      queuesWebhook,
      ...details,
      ...(asValues('webhook', webhook) as DeliveryValues<'webhook'>),
    })
  ).rows;
  const queued = row?.webhook ? [{ deliveryId: row.webhook, at: ref.receivedAt }] : [];
  return { opened: Boolean(row?.opened), endpoint: Boolean(row?.endpoint), queued };
}
