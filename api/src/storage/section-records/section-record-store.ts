import { defineWrites } from '../db/database.ts';
import type { Storage } from '../db/storage.ts';
import type { SessionRef } from '../sessions/session-store.ts';
import { writeOfSession } from '../sessions/session-writes.ts';

/**
 * What a section keeps of its own (`SectionDefinition.record`, `migrations/0018-section-records.ts`):
 * the newest record per session and section. It is read with the rest of the session
 * (`SessionRecord.sectionRecords`), and erased with it.
 */
export interface SectionRecordStore {
  /** The record replaces the section's earlier one in this session; the first arrival time is kept. */
  saveSectionRecord(ref: SessionRef, sectionId: string, record: unknown): Promise<void>;
}

export const sectionRecordWrites = defineWrites({
  async saveSectionRecord(context, ref: SessionRef, sectionId: string, record: unknown): Promise<void> {
    return writeOfSession(context, ref, async () => {
      await context.db
        .insertInto('section_records')
        .values({
          session_id: ref.sessionId,
          section_id: sectionId,
          record: JSON.stringify(record),
          received_at: ref.receivedAt,
          updated_at: ref.receivedAt,
        })
        .onConflict((conflict) =>
          conflict.columns(['session_id', 'section_id']).doUpdateSet((eb) => ({
            record: eb.ref('excluded.record'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    });
  },
});

export function createSectionRecordStore({ write }: Storage): SectionRecordStore {
  return {
    saveSectionRecord: (ref, sectionId, record) => write('saveSectionRecord', ref, sectionId, record),
  };
}
