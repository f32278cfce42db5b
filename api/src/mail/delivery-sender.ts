import {
  ACCESS_LINK_PATH,
  companyOf,
  getTest,
  invitePath,
  inviteSegment,
  quizTimeLimitMinutes,
  recordFacts,
} from '@assessment/core';
import { z } from 'zod';
import { describeError } from '../backends.ts';
import { type SerialLoop, startSerialLoop } from '../jobs/serial-loop.ts';
import { type GreenhousePatchDeps, greenhousePatch } from '../partners/greenhouse-patch.ts';
import { accessLinkHash, type LinkMail } from '../review/team.ts';
import { receivedParts } from '../routes/my-record.ts';
import type { DueDelivery } from '../storage/db/database.ts';
import type { DeliveryStore, StoredDelivery } from '../storage/deliveries/delivery-store.ts';
import type { InvitationStore } from '../storage/invitations/invitation-store.ts';
import type { SessionStore } from '../storage/sessions/session-store.ts';
import type { TeamStore } from '../storage/team/team-store.ts';
import { postWebhook, requestOutward, WebhookRefused } from '../webhooks/webhook-post.ts';
import { intoLanes, PER_COMPANY } from './lanes.ts';
import type { MailTransport, OutgoingMail } from './mail-transport.ts';
import {
  invitationMail,
  mailTime,
  type RollbackFacts,
  receiptMail,
  releaseRollbackMail,
  teammateMail,
} from './messages.ts';

export interface DeliverySenderDeps extends GreenhousePatchDeps {
  deliveries: DeliveryStore;
  invitations: InvitationStore;
  sessions: SessionStore;
  team: TeamStore;
  mail: MailTransport;
  /** Where candidates open the product (`PUBLIC_URL`): the links in the messages start with it. */
  publicUrl: string;
  /** Lets webhooks reach private and loopback addresses (`WEBHOOK_ALLOW_PRIVATE`): tests and private deployments. */
  webhookAllowPrivate: boolean;
  now: () => number;
  onError: (error: unknown) => void;
}

/**
 * `runDue` looks for what is due now, and resolves once this instance has nothing under way and
 * finds nothing more it can send; `stop` takes nothing more, and resolves when the sends under way
 * are marked, or after `STOP_WAIT_MS`.
 */
export type DeliverySender = SerialLoop;

/**
 * How long stopping waits for the sends under way to end and be marked: under the 5 s the process
 * gives its whole shutdown (`api/src/serve.ts`). A send still going then is given up: it is not
 * marked, its claim runs out (`HOLD_MS`) and an instance sends it again, with the same id.
 */
export const STOP_WAIT_MS = 4000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How often each instance looks for due messages. */
const CHECK_EVERY_MS = 2000;
/** Messages one instance takes at a time. */
const BATCH = 20;
/**
 * How long a claimed message is held: longer than a stalled SMTP server can keep a send going
 * (`SMTP_STALL_MS` to connect and greet, then as long again of silence) and than a webhook's
 * timeout, so only an instance that died mid-send lets another send it again.
 */
export const HOLD_MS = 5 * MINUTE;
/** Retries go on for two days, past a mail server's weekend-long outage of a day. */
export const GIVE_UP_AFTER_MS = 48 * HOUR;

/**
 * When to try again after the attempt `attempts` failed: 30 s, then twice as long each time up to
 * an hour; null once the next try would be past `GIVE_UP_AFTER_MS` from the message's creation.
 */
export function retryAt(attempts: number, createdAt: number, now: number): number | null {
  const at = now + Math.min(30_000 * 2 ** Math.max(0, attempts - 1), HOUR);
  return at - createdAt > GIVE_UP_AFTER_MS ? null : at;
}

/** Who a section team's message is from: the product, not any company. */
const RELEASES_SENDER = 'Section releases';

/** A message that will never be sent, and why; it is logged as failed, not retried. */
class NotSendable extends Error {}

const oneAddress = z.email();

/**
 * Why a message of a test a deploy took out of the catalogue (the test, or its whole company) is
 * not sent: its rows stay until retention erases them (`api/src/privacy/erasure.ts`), and the
 * candidate is not erased for it, so the log must not say so.
 */
const NO_LONGER_OFFERED = 'the test is no longer offered';

/** A teammate's link, while it can still set their password; the secret is in the message only. */
async function composeTeammate(delivery: StoredDelivery, { team, publicUrl, now }: DeliverySenderDeps) {
  const { secret, purpose } = JSON.parse(delivery.payload ?? '{}') as Partial<LinkMail>;
  const live = secret ? await team.liveLink(accessLinkHash(secret), now()) : undefined;
  if (!secret || !purpose || !live) {
    throw new NotSendable('the link was used, replaced or had expired before it went out');
  }
  const companyName = companyOf(delivery.companyId)?.companyName ?? delivery.companyId;
  return {
    deliveryId: delivery.deliveryId,
    to: live.reviewer.email,
    fromName: companyName,
    ...teammateMail({
      companyName,
      name: live.reviewer.name,
      purpose,
      link: new URL(`${ACCESS_LINK_PATH}#${secret}`, publicUrl).href,
      expiresAt: live.expiresAt,
    }),
  };
}

async function compose(delivery: StoredDelivery, deps: DeliverySenderDeps): Promise<OutgoingMail> {
  const { invitations, sessions, publicUrl, now } = deps;
  if (delivery.kind === 'teammate') return composeTeammate(delivery, deps);
  if (delivery.kind === 'release') {
    const notice = JSON.parse(delivery.payload ?? '{}') as RollbackFacts;
    return {
      deliveryId: delivery.deliveryId,
      to: delivery.recipient,
      fromName: RELEASES_SENDER,
      ...releaseRollbackMail(notice),
    };
  }
  if (delivery.kind === 'invitation' || delivery.kind === 'reminder') {
    const invitation = delivery.invitationId ? await invitations.getInvitation(delivery.invitationId) : undefined;
    if (!invitation || invitation.erasedAt !== null) throw new NotSendable('the candidate was erased');
    const test = getTest(invitation.testId);
    if (!test) throw new NotSendable(NO_LONGER_OFFERED);
    if (invitation.revokedAt !== null) throw new NotSendable('the invitation was revoked before it went out');
    // An invitation sent again (the review page's "Send again") must not invite to what is over.
    if (invitation.sessionId !== null) throw new NotSendable('the candidate had started the assessment already');
    if (invitation.expiresAt <= now()) throw new NotSendable('the link had expired');
    const link = new URL(invitePath(inviteSegment(invitation.testId, invitation.invitationToken)), publicUrl).href;
    return {
      deliveryId: delivery.deliveryId,
      to: invitation.email,
      fromName: test.companyName,
      ...invitationMail({
        reminder: delivery.kind === 'reminder',
        companyName: test.companyName,
        roleName: test.roleName,
        candidateName: invitation.name,
        link,
        expiresAt: invitation.expiresAt,
        extraTimePercent: invitation.extraTimePercent,
        timeLimitMinutes: quizTimeLimitMinutes(test, invitation.extraTimePercent),
      }),
    };
  }
  const record = delivery.sessionId ? await sessions.getSession(delivery.sessionId) : undefined;
  if (!record?.registration) throw new NotSendable('the candidate was erased');
  const test = getTest(record.testId);
  if (!test) throw new NotSendable(NO_LONGER_OFFERED);
  // The address is what a stranger typed on the open link, unchecked so that no typo loses a
  // registration: a list of addresses there would make the receipt a message to all of them.
  const to = record.registration.payload.email;
  if (!oneAddress.safeParse(to).success) throw new NotSendable('the email the candidate gave is not one address');
  return {
    deliveryId: delivery.deliveryId,
    to,
    fromName: test.companyName,
    ...receiptMail({
      companyName: test.companyName,
      roleName: test.roleName,
      // On the open link the name, like the address, is whatever a stranger typed: a receipt
      // carrying it would let anyone put their own words in the company's mail to anyone.
      candidateName: record.invitation ? record.registration.payload.fullName : null,
      facts: recordFacts(receivedParts(record), mailTime),
    }),
  };
}

/** The event as sent: with the review page's address of the candidate or test it names. */
function withReviewLink(payload: string, publicUrl: string): string {
  const event = JSON.parse(payload) as { type: string; data: { sessionId?: string | null; testId: string } };
  // An erased candidate has no page any more: the link is to their test.
  const path =
    event.data.sessionId && event.type !== 'candidate.erased'
      ? `/review/candidates/${encodeURIComponent(event.data.sessionId)}`
      : `/review/tests/${encodeURIComponent(event.data.testId)}`;
  return JSON.stringify({ ...event, data: { ...event.data, reviewUrl: new URL(path, publicUrl).href } });
}

/**
 * Sends the queued messages (`deliveries`), on every instance: each message is claimed by one,
 * sent, and marked sent; a failed attempt is retried with backoff (`retryAt`). A message is sent
 * at least once; only an instance killed between the send and the mark sends it twice, with the
 * same Message-ID.
 */
export function startDeliverySender(deps: DeliverySenderDeps): DeliverySender {
  const { deliveries, mail, now } = deps;

  /** Sends one delivery; resolves with the HTTP status a webhook or a `PATCH` got, or null for an email. */
  async function send(delivery: StoredDelivery): Promise<number | null> {
    if (delivery.kind === 'greenhouse') {
      const patch = await greenhousePatch(delivery, deps);
      if ('unsendable' in patch) throw new NotSendable(patch.unsendable);
      return requestOutward(patch, { allowPrivate: deps.webhookAllowPrivate });
    }
    if (delivery.kind !== 'webhook') {
      await mail.send(await compose(delivery, deps));
      return null;
    }
    const endpoint = await deliveries.webhookEndpoint(delivery.companyId);
    if (!endpoint || !delivery.payload) throw new NotSendable('the company removed its webhook endpoint');
    return postWebhook(
      {
        id: delivery.deliveryId,
        url: endpoint.url,
        secret: endpoint.secret,
        payload: withReviewLink(delivery.payload, deps.publicUrl),
        at: new Date(now()),
      },
      { allowPrivate: deps.webhookAllowPrivate },
    );
  }

  /** Stopping: nothing new starts. */
  let stopping = false;
  /**
   * Stopped without waiting for these sends any longer: the database may be closed under them, so
   * they touch it no more and report nothing (the claim they hold runs out instead).
   */
  let givenUp = false;

  /** One attempt at a delivery; resolves with its due time instead when it is not due yet by this instance's clock. */
  async function deliver(deliveryId: string): Promise<number | undefined> {
    const delivery = await deliveries.claimDelivery(deliveryId, now(), HOLD_MS);
    if (!delivery) return deliveries.dueLater(deliveryId, now());
    let status: number | null;
    try {
      status = await send(delivery);
    } catch (error) {
      if (givenUp) return;
      const retry = error instanceof NotSendable ? null : retryAt(delivery.attempts, delivery.createdAt, now());
      await deliveries.markFailed(
        deliveryId,
        describeError(error),
        retry,
        error instanceof WebhookRefused ? error.status : null,
      );
      return;
    }
    if (givenUp) return;
    // No row: an erasure ran after `compose` read the candidate, found no file of this email yet,
    // and took the row. The file written since is a copy of them nothing else would erase (SPEC section 0).
    if (!(await deliveries.markSent(deliveryId, now(), status))) await mail.forget([deliveryId]);
  }

  /** The sends under way on this instance, by delivery id, and how many each company has: its lane (`lanes.ts`). */
  const sending = new Map<string, Promise<void>>();
  const inFlight = new Map<string, number>();

  function start(due: DueDelivery): void {
    inFlight.set(due.companyId, (inFlight.get(due.companyId) ?? 0) + 1);
    const sent = (async () => {
      try {
        const notBefore = await deliver(due.deliveryId);
        if (givenUp) return;
        if (notBefore === undefined) await due.attempted();
        else early.push({ due, at: notBefore });
      } catch (error) {
        if (!givenUp) deps.onError(error);
      } finally {
        inFlight.set(due.companyId, (inFlight.get(due.companyId) ?? 1) - 1);
        if (inFlight.get(due.companyId) === 0) inFlight.delete(due.companyId);
        sending.delete(due.deliveryId);
        // The lane has room again: the company's next, when this instance holds it already, goes at
        // once without asking the queue; else a look, so that nobody's next waits for the timer.
        // Not once stopping: the next would start as the database closes, and be sent unmarked.
        if (!stopping && startWaiting(() => stopping) === 0) void looks.runDue();
      }
    })();
    sending.set(due.deliveryId, sent);
  }

  /**
   * Deliveries taken for a lane that was full, kept here until it frees, in the order taken: put
   * back and taken again at every look, a company's backlog would cost a job queue's round trips
   * for each of its messages (`DueDelivery.later`). At most `BATCH - 1` are kept, so every look
   * still takes at least one more, the highest in the queue's order: another company's next.
   */
  const waiting: DueDelivery[] = [];

  /**
   * Attempts handed out before they are due by this instance's clock: a kept job queue hands a
   * retry out by its database's clock (`DeliveryJobs`), which may run ahead of this machine's. Each
   * is kept, still taken, and started by the first look once it is due: ended, the message would
   * stay queued with no job to send it; handed back, it would be handed out again at once.
   */
  const early: { due: DueDelivery; at: number }[] = [];

  /** Ends the early attempts of deliveries handed out again (the review page's "Send again"): the new attempt goes now. */
  async function endSupersededEarly(due: readonly DueDelivery[]): Promise<void> {
    const ids = new Set(due.map((one) => one.deliveryId));
    for (const one of early.filter((kept) => ids.has(kept.due.deliveryId))) {
      early.splice(early.indexOf(one), 1);
      await one.due.attempted();
    }
  }

  /** Moves the early attempts now due to the waiting ones, as many as `waiting` may keep. */
  function takeDueEarly(): void {
    const at = now();
    for (const one of early.filter((kept) => kept.at <= at)) {
      if (waiting.length >= BATCH - 1) return;
      early.splice(early.indexOf(one), 1);
      waiting.push(one.due);
    }
  }

  /** Starts the waiting deliveries whose lanes have room; answers how many. */
  function startWaiting(stopped: () => boolean): number {
    let started = 0;
    for (const one of intoLanes(waiting, inFlight).now) {
      if (stopped()) break;
      waiting.splice(waiting.indexOf(one), 1);
      start(one);
      started += 1;
    }
    return started;
  }

  // A look starts sends and does not wait for them: a send that stalls holds its own lane only.
  const looks = startSerialLoop(
    CHECK_EVERY_MS,
    async (stopped) => {
      for (;;) {
        takeDueEarly();
        startWaiting(stopped);
        const known = new Set([...sending.keys(), ...waiting.map((one) => one.deliveryId)]);
        const due = (await deliveries.dueDeliveries(now(), BATCH - waiting.length, PER_COMPANY)).filter(
          // A row this instance is sending may be read again before its claim is written.
          (one) => !known.has(one.deliveryId),
        );
        await endSupersededEarly(due);
        const lanes = intoLanes(due, inFlight);
        for (const one of lanes.now) {
          // An attempt left untaken is handed out again (`DeliveryJobs`), or its row found due again.
          if (stopped()) return;
          start(one);
        }
        for (const one of lanes.later) {
          if (waiting.length < BATCH - 1) waiting.push(one);
          else await one.later(now());
        }
        // A full batch that all went may have more behind it; otherwise the lanes' next sends will look again.
        if (stopped() || due.length < BATCH || lanes.later.length > 0) return;
      }
    },
    deps.onError,
  );

  // One wait for all callers, however many ask while sends are under way; `askedAgain` makes it
  // wait for the look a later caller asked for too.
  let settling: Promise<void> | undefined;
  let askedAgain = false;
  return {
    runDue() {
      askedAgain = true;
      settling ??= (async () => {
        try {
          for (;;) {
            askedAgain = false;
            // After a send ends, this joins the look its end asked for: the lane's next is started or none is due.
            await looks.runDue();
            if (sending.size === 0 && waiting.length === 0 && !askedAgain) return;
            if (sending.size > 0) await Promise.race(sending.values());
          }
        } finally {
          settling = undefined;
        }
      })();
      return settling;
    },
    async stop() {
      stopping = true;
      await looks.stop();
      // The sends under way end and are marked before the database closes; none starts meanwhile.
      let timer: NodeJS.Timeout | undefined;
      const cap = new Promise<'cap'>((resolve) => {
        timer = setTimeout(resolve, STOP_WAIT_MS, 'cap');
      });
      try {
        while (sending.size > 0) {
          if ((await Promise.race([Promise.all(sending.values()), cap])) === 'cap') {
            givenUp = true;
            deps.onError(
              new Error(
                `Stopped with ${sending.size} message(s) still sending: each is sent again once its claim runs out`,
              ),
            );
            break;
          }
        }
      } finally {
        clearTimeout(timer);
      }
      // Handed back at once, rather than when the job queue finds them abandoned.
      for (const one of waiting.splice(0)) await one.later(now()).catch(deps.onError);
      for (const one of early.splice(0)) await one.due.later(one.at).catch(deps.onError);
    },
  };
}
