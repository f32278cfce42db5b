import type { SectionFieldValue, SectionRegistry, SessionView } from '@assessment/core';
import type { SessionRecord } from '../storage/sessions/session-store.ts';
import { iso } from './time.ts';

type SectionRecordView = SessionView['sections'][number];

/**
 * The records sections kept, as the registry says to read them, in the sections' order. A record
 * of a section the registry no longer has is still shown, whole, under its id: nothing the
 * candidate sent disappears from the company's view because a section was retired.
 */
export function sectionRecordViews(record: SessionRecord, registry: SectionRegistry): SectionRecordView[] {
  const order = (sectionId: string) => registry.byId(sectionId)?.order ?? Number.MAX_SAFE_INTEGER;
  return [...record.sectionRecords]
    .sort((a, b) => order(a.sectionId) - order(b.sectionId))
    .map((kept) => {
      const section = registry.byId(kept.sectionId);
      const part = section?.record;
      const times = { receivedAt: iso(kept.receivedAt), updatedAt: iso(kept.updatedAt) };
      if (!section || !part) {
        return {
          sectionId: kept.sectionId,
          title: kept.sectionId,
          ...times,
          fields: [{ key: 'record', label: 'Record', value: JSON.stringify(kept.record) }],
        };
      }
      const values = part.read(kept.record);
      return {
        sectionId: section.id,
        title: section.title,
        ...times,
        fields: part.fields.map(({ key, label }) => ({ key, label, value: values[key] ?? null })),
      };
    });
}

/** The export's columns for the sections that keep a record: `<section id>.<field key>`, in order. */
export function sectionRecordColumns(registry: SectionRegistry): string[] {
  return registry.sections.flatMap((section) =>
    (section.record?.fields ?? []).map((field) => `${section.id}.${field.key}`),
  );
}

/** One session's cells under `sectionRecordColumns`, empty where its section kept nothing. */
export function sectionRecordCells(view: SessionView, registry: SectionRegistry): SectionFieldValue[] {
  return registry.sections.flatMap((section) => {
    const kept = view.sections.find((part) => part.sectionId === section.id);
    return (section.record?.fields ?? []).map(
      (field) => kept?.fields.find((shown) => shown.key === field.key)?.value ?? null,
    );
  });
}
