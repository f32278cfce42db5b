import type { SectionFieldValue } from '@assessment/core';

/** A section record's value as a reviewer reads it: nothing is said, not left blank. */
export function sectionFieldText(value: SectionFieldValue): string {
  if (value === null || value === '') return 'Not given';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
