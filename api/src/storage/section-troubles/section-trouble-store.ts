import { MAX_SECTION_TROUBLES, type SectionTroubleKind } from '@assessment/core';
import { defineWrites } from '../db/database.ts';
import type { Storage } from '../db/storage.ts';
import type { SessionRef } from '../sessions/session-store.ts';
import { writeOfSession } from '../sessions/session-writes.ts';

/** A section that failed in front of the candidate; times on the candidate's clock. */
export interface SectionTrouble {
  troubleId: string;
  sectionId: string;
  kind: SectionTroubleKind;
  startedAt: number;
  /** Null until the section showed again, as far as the server heard. */
  endedAt: number | null;
}

/**
 * The sections that failed in front of a candidate (`migrations/0030-section-troubles.ts`), read
 * with the rest of the session (`SessionRecord.sectionTroubles`) and erased with it.
 */
export interface SectionTroubleStore {
  /**
   * Keeps a failure, or its end when it is kept already (an end once known stays). A session past
   * `MAX_SECTION_TROUBLES` keeps no new one: answered as kept, so no browser sends it again.
   */
  saveSectionTrouble(ref: SessionRef, trouble: SectionTrouble): Promise<void>;
}

export const sectionTroubleWrites = defineWrites({
  async saveSectionTrouble(context, ref: SessionRef, trouble: SectionTrouble): Promise<void> {
    return writeOfSession(context, ref, async () => {
      const { db } = context;
      const held = await db
        .selectFrom('section_troubles')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where('session_id', '=', ref.sessionId)
        .executeTakeFirstOrThrow();
      const known = await db
        .selectFrom('section_troubles')
        .select('trouble_id')
        .where('session_id', '=', ref.sessionId)
        .where('trouble_id', '=', trouble.troubleId)
        .executeTakeFirst();
      if (known) {
        if (trouble.endedAt === null) return;
        await db
          .updateTable('section_troubles')
          .set((eb) => ({ ended_at: eb.fn.coalesce('ended_at', eb.val(trouble.endedAt)) }))
          .where('session_id', '=', ref.sessionId)
          .where('trouble_id', '=', trouble.troubleId)
          .execute();
        return;
      }
      if (Number(held.count) >= MAX_SECTION_TROUBLES) return;
      await db
        .insertInto('section_troubles')
        .values({
          session_id: ref.sessionId,
          trouble_id: trouble.troubleId,
          section_id: trouble.sectionId,
          kind: trouble.kind,
          started_at: trouble.startedAt,
          ended_at: trouble.endedAt,
          received_at: ref.receivedAt,
        })
        .onConflict((conflict) => conflict.columns(['session_id', 'trouble_id']).doNothing())
        .execute();
    });
  },
});

export function createSectionTroubleStore({ write }: Storage): SectionTroubleStore {
  return {
    saveSectionTrouble: (ref, trouble) => write('saveSectionTrouble', ref, trouble),
  };
}
