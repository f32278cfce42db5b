import { testIdSchema } from '@assessment/core';
import { z } from 'zod';
import type { SessionCursor, SessionQuery } from '../storage/sessions/session-store.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

const dateSchema = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .transform((value) => Date.parse(value));

/** The cursor is opaque to the client: where the last page ended, base64url JSON. */
export function encodeCursor(cursor: SessionCursor): string {
  return Buffer.from(JSON.stringify([cursor.startedAt, cursor.sessionId])).toString('base64url');
}

const cursorSchema = z.string().transform((value, context) => {
  try {
    const [startedAt, sessionId] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if (typeof startedAt === 'number' && typeof sessionId === 'string') return { startedAt, sessionId };
  } catch {
    // Reported below like any other cursor that is not one of ours.
  }
  context.addIssue({ code: 'custom', message: 'must be the `next` of an earlier page' });
  return z.NEVER;
});

/** `GET /api/admin/sessions?testId=…&from=…&to=…&limit=…&cursor=…`; dates are ISO 8601 (a day, or a time with offset). */
export const sessionQuerySchema = z
  .object({
    testId: testIdSchema.optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    cursor: cursorSchema.optional(),
  })
  .strict()
  .transform(({ cursor, ...rest }): SessionQuery => ({ ...rest, ...(cursor ? { after: cursor } : {}) }));
