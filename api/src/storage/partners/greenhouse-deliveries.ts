import { partnerScore } from '../../partners/partner-score.ts';
import type { Db, DeliveryJobs } from '../db/database.ts';
import { type QueuedDelivery, queueDelivery } from '../deliveries/delivery-store.ts';

/**
 * The `PATCH` that tells Greenhouse to read `test_status` again, queued by the write that changes
 * what it would read, in that write's transaction: the candidate's first feedback, which completes
 * the test (`session-writes.ts`, `one-statement-writes.ts`), and a rating that changes
 * `partner_score` of a complete test (`ratings/rating-store.ts`). No body: Greenhouse's docs.
 */

export type GreenhouseNews = 'test.completed' | 'score.changed';

export interface GreenhouseTarget {
  invitationId: string;
  url: string;
}

/**
 * `cause` tells one score change from another (a completion has one only); the recipient is the
 * stored `url`, which the sender reads again when it sends.
 */
export function greenhouseDelivery(
  news: GreenhouseNews,
  ref: { sessionId: string; testId: string; at: number },
  target: GreenhouseTarget,
  cause = '',
): QueuedDelivery {
  return {
    idempotencyKey:
      news === 'test.completed'
        ? `greenhouse:completed:${ref.sessionId}`
        : `greenhouse:score:${ref.sessionId}:${cause}`,
    testId: ref.testId,
    kind: 'greenhouse',
    recipient: target.url,
    invitationId: target.invitationId,
    sessionId: ref.sessionId,
    at: ref.at,
    payload: JSON.stringify({ type: news }),
  };
}

/** The test Greenhouse sent that this session took, unless its candidate was erased. */
const targetOf = (db: Db, sessionId: string) =>
  db
    .selectFrom('greenhouse_invitations as g')
    .innerJoin('invitations as i', 'i.invitation_id', 'g.invitation_id')
    .select(['g.invitation_id as invitationId', 'g.callback_url as url', 'i.finished_at as finishedAt'])
    .where('i.session_id', '=', sessionId)
    .where('g.erased_at', 'is', null);

/** Queues the completion's `PATCH` when Greenhouse sent the session's test; nothing for any other session. */
export async function queueGreenhouseCompletion(
  db: Db,
  jobs: DeliveryJobs,
  ref: { sessionId: string; testId: string; receivedAt: number },
): Promise<void> {
  const target = await targetOf(db, ref.sessionId).executeTakeFirst();
  if (!target) return;
  await queueDelivery(db, jobs, greenhouseDelivery('test.completed', { ...ref, at: ref.receivedAt }, target));
}

/** Each rating's mean score of a session, as `partnerScore` takes them. */
export async function reviewerMeans(db: Db, sessionId: string): Promise<number[]> {
  const rows = await db.selectFrom('ratings').select('mean_score').where('session_id', '=', sessionId).execute();
  return rows.map((row) => Number(row.mean_score));
}

/**
 * Queues a `PATCH` when a rating moved `partner_score` of a complete test Greenhouse sent: before
 * completion the score goes with the completion's own. `cause` names the rating.
 */
export async function queueGreenhouseScoreChange(
  db: Db,
  jobs: DeliveryJobs,
  change: { sessionId: string; testId: string; at: number; before: number[]; after: number[]; cause: string },
): Promise<void> {
  if (partnerScore(change.before) === partnerScore(change.after)) return;
  const target = await targetOf(db, change.sessionId).executeTakeFirst();
  if (!target || target.finishedAt === null) return;
  await queueDelivery(db, jobs, greenhouseDelivery('score.changed', change, target, change.cause));
}
