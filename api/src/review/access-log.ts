import type { AccessEntryView, AccessLogPage } from '@assessment/core';
import { z } from 'zod';
import { iso } from '../admin/time.ts';
import { parseOrRefuse } from '../http/errors.ts';
import { type Looker, recordLogLooks } from '../privacy/access-records.ts';
import type { AccessCursor, AccessLogStore } from '../storage/access/access-store.ts';
import type { BlindStore } from '../storage/blind/blind-store.ts';
import type { CandidateListStore } from '../storage/candidates/candidate-store.ts';
import { blindCode, hiddenAmong } from './blind-review.ts';

const PAGE_SIZE = 100;

const querySchema = z
  .object({
    cursor: z
      .string()
      .transform((value, context): AccessCursor => {
        try {
          const [at, entryId] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
          if (typeof at === 'number' && typeof entryId === 'string') return { at, entryId };
        } catch {
          // Reported below like any other cursor that is not one of ours.
        }
        context.addIssue({ code: 'custom', message: 'must be the `next` of an earlier page' });
        return z.NEVER;
      })
      .optional(),
  })
  .strict();

/**
 * `GET /api/review/access-log`: the company's access log for its admins, newest first. Each look
 * at a candidate names them as the reading admin may see them: by name, or by their code where
 * blind review hides them from that admin. A name shown is a look of its own, on record before it
 * is sent (`listed-log`, once in ten minutes).
 */
export async function accessLogPage(
  { access, candidates, blind }: { access: AccessLogStore; candidates: CandidateListStore; blind: BlindStore },
  reader: { companyId: string; reviewerId: string; looker: Looker },
  at: number,
  query: unknown,
): Promise<AccessLogPage> {
  const { cursor } = parseOrRefuse(querySchema, query);
  const page = await access.companyLog({
    companyId: reader.companyId,
    limit: PAGE_SIZE,
    ...(cursor ? { before: cursor } : {}),
  });
  const sessionIds = page.entries.flatMap((entry) => (entry.sessionId === null ? [] : [entry.sessionId]));
  const held = await candidates.namesOf(sessionIds);
  const hidden = await hiddenAmong(
    blind,
    reader.reviewerId,
    [...held].map(([sessionId, { testId }]) => ({ sessionId, testId })),
  );
  const candidateOf = (sessionId: string) => {
    const found = held.get(sessionId);
    if (!found) return { name: null, code: null };
    return hidden.has(sessionId) ? { name: null, code: blindCode(sessionId) } : { name: found.fullName, code: null };
  };
  const named = [...held].filter(([sessionId, { fullName }]) => fullName !== null && !hidden.has(sessionId));
  await recordLogLooks(
    access,
    reader.looker,
    named.map(([sessionId, { testId }]) => ({ sessionId, testId })),
    at,
  );
  return {
    entries: page.entries.map((entry): AccessEntryView => {
      const look = {
        at: iso(entry.at) as string,
        actor: entry.actor,
        role: entry.actorRole,
        action: entry.action,
        detail: entry.detail,
        address: entry.address,
      };
      return entry.sessionId === null
        ? {
            ...look,
            sessionId: null,
            invitation: { invitationId: entry.invitationId, email: entry.invitee ?? '' },
          }
        : { ...look, sessionId: entry.sessionId, invitation: null, candidate: candidateOf(entry.sessionId) };
    }),
    next: page.next ? Buffer.from(JSON.stringify([page.next.at, page.next.entryId])).toString('base64url') : null,
  };
}
