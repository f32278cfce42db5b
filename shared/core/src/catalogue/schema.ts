import type { SectionRegistry } from '../sections/section-registry.ts';
import { SECTIONS } from '../sections/sections.ts';
import { z } from '../zod.ts';

export const TEST_ID_PATTERN = /^[a-z0-9]{8}$/;

/** The raw data holds one id with a trailing space; the loader trims it, so the schema lets it through. */
const PADDED_ID_PATTERN = /^\s*[a-z0-9]{8}\s*$/;

const text = z.string().trim().min(1);

const rawId = z.string().regex(PADDED_ID_PATTERN, 'must be 8 lowercase letters or digits');

/**
 * The data lists each test's section paths in the registry's order. A section added after the data
 * was written may be missing from the end: the loader derives the full list from the registry.
 */
function sectionPaths(sections: SectionRegistry) {
  const segments = sections.sections.map((section) => section.segment);
  return z
    .array(z.string())
    .min(1, 'must list the section paths')
    .max(segments.length, `must hold at most ${segments.length} paths, one per section`)
    .superRefine((paths, ctx) => {
      paths.forEach((path, index) => {
        const segment = segments[index];
        if (segment !== undefined && !new RegExp(`^/invite/\\s*[a-z0-9]{8}\\s*/${segment}$`).test(path)) {
          ctx.addIssue({ code: 'custom', path: [index], message: `must be /invite/<id>/${segment}` });
        }
      });
    });
}

const question = z
  .array(text)
  .min(2, 'needs a numbered main question and 1 to 3 sub-prompts')
  .max(4, 'needs a numbered main question and 1 to 3 sub-prompts');

/** One raw test entry, its section paths checked against `sections`. */
export function rawTestSchemaFor(sections: SectionRegistry) {
  return z
    .strictObject({
      uuid: rawId,
      testName: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lowercase kebab-case slug'),
      companyName: text,
      roleName: text,
      questionCount: z.literal(3),
      testDurationInMinute: z.union([z.literal([20, 25, 30]), z.literal(['20', '25', '30'])], {
        error: 'must be 20, 25 or 30 (number or numeric string)',
      }),
      companyURL: z.url({
        protocol: /^https$/,
        hostname: /^([a-z0-9-]+\.)+example$/,
        error: 'must be an https address under the reserved .example domain',
      }),
      timeLimitInMinute: z.literal([15, 20]),
      recordTimeInSeconds: z.literal([300, 600]),
      redirectURL: sectionPaths(sections),
      responsibilities: z.array(text).min(5).max(9),
      keyrequirements: z.array(text).min(4).max(8),
      questions: z.array(question).length(3, 'must hold exactly 3 questions'),
      requireGender: z.literal(true).optional(),
    })
    .superRefine((test, ctx) => {
      const duration = Number(test.testDurationInMinute);
      if (test.timeLimitInMinute > duration) {
        ctx.addIssue({
          code: 'custom',
          path: ['timeLimitInMinute'],
          message: `must not exceed the test duration (${duration})`,
        });
      }
      if ((duration === 30) !== (test.recordTimeInSeconds === 600)) {
        ctx.addIssue({
          code: 'custom',
          path: ['recordTimeInSeconds'],
          message: 'must be 600 for 30-minute tests and 300 otherwise',
        });
      }
      test.questions.forEach(([title = ''], index) => {
        if (!title.startsWith(`${index + 1}. `)) {
          ctx.addIssue({
            code: 'custom',
            path: ['questions', index, 0],
            message: `title must start with "${index + 1}. "`,
          });
        }
      });
    });
}

export function rawCatalogueSchemaFor(sections: SectionRegistry) {
  return z.record(rawId, rawTestSchemaFor(sections));
}

export const rawTestSchema = rawTestSchemaFor(SECTIONS);
export const rawCatalogueSchema = rawCatalogueSchemaFor(SECTIONS);

export const expiredListSchema = z
  .array(z.string().regex(TEST_ID_PATTERN, 'must be 8 lowercase letters or digits'))
  .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id');

export type RawTest = z.infer<typeof rawTestSchema>;
