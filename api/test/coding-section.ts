import { defineSectionRecord, defineSectionRegistry, SECTIONS } from '@assessment/core';
import { z } from 'zod';

/**
 * Issue 23: a section that keeps a record of its own is one registry entry. This fourth section
 * lives in tests only (the API's in `section-records.test.ts`, the review page's in
 * `e2e/review-section-record.spec.ts`); the store, the migrations, the review schemas and the export
 * have no line about it, and the record still reaches everyone who reads a session, and goes with it.
 */
export const coding = {
  id: 'coding',
  segment: 'code',
  order: 4,
  title: 'Live Coding',
  summary: () => 'Solve a small programming task.',
  remote: { name: 'remoteCoding', exposes: './Section' },
  record: defineSectionRecord({
    schema: z.object({
      language: z.enum(['python', 'typescript']),
      solution: z.string().max(10_000),
      testsPassed: z.number().int().min(0).max(20),
    }),
    fields: [
      { key: 'language', label: 'Language' },
      { key: 'solution', label: 'Solution' },
      { key: 'tests-passed', label: 'Tests passed' },
    ],
    read: (record) => ({ language: record.language, solution: record.solution, 'tests-passed': record.testsPassed }),
  }),
};

/** The product's sections and the test-only one after them. */
export const sectionsWithCoding = defineSectionRegistry([...SECTIONS.sections, coding]);
