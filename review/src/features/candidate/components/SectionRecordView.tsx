import type { CandidateDetail } from '@assessment/core';
import { formatDateTime } from '../../../lib/time.ts';
import { sectionFieldText } from '../lib/section-field.ts';

type SectionRecord = CandidateDetail['sections'][number];

/** The anchor of a section's record on the candidate's page, for the page's own list of parts. */
export const sectionRecordAnchor = (part: SectionRecord) => `section-${part.sectionId}`;

/**
 * What a section that keeps a record of its own kept, as its registry entry reads it: a label and
 * a value each, shown as text, never as markup.
 */
export function SectionRecordView({ part }: { part: SectionRecord }) {
  const anchor = sectionRecordAnchor(part);
  return (
    <section id={anchor} className="panel candidate-part" aria-labelledby={`${anchor}-title`}>
      <h2 id={`${anchor}-title`} tabIndex={-1}>
        {part.title}
      </h2>
      <p className="muted">
        Sent on {formatDateTime(part.receivedAt)}
        {part.updatedAt !== part.receivedAt && <>, last changed on {formatDateTime(part.updatedAt)}</>}.
      </p>
      <dl className="section-record">
        {part.fields.map((field) => (
          <div key={field.key}>
            <dt>{field.label}</dt>
            <dd className="candidate-text">{sectionFieldText(field.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
