import type { AccessEntryView, AccessLogPage } from '@assessment/core';
import { z } from 'zod';
import { iso } from '../admin/time.ts';
import { parseOrRefuse } from '../http/errors.ts';
import type { AccessCursor, AccessLogStore } from '../storage/access/access-store.ts';

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

/** `GET /api/review/access-log`: the company's access log for its admins, newest first. */
export async function accessLogPage(access: AccessLogStore, companyId: string, query: unknown): Promise<AccessLogPage> {
  const { cursor } = parseOrRefuse(querySchema, query);
  const page = await access.companyLog({ companyId, limit: PAGE_SIZE, ...(cursor ? { before: cursor } : {}) });
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
        : { ...look, sessionId: entry.sessionId, invitation: null };
    }),
    next: page.next ? Buffer.from(JSON.stringify([page.next.at, page.next.entryId])).toString('base64url') : null,
  };
}
