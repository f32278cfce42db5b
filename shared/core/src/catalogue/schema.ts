import { z } from 'zod';

export const TEST_ID_PATTERN = /^[a-z0-9]{8}$/;

/** The raw data holds one id with a trailing space; the loader trims it, so the schema lets it through. */
const PADDED_ID_PATTERN = /^\s*[a-z0-9]{8}\s*$/;

export const SECTIONS = ['quiz', 'vintro', 'iprep'] as const;

const text = z.string().trim().min(1);

const rawId = z.string().regex(PADDED_ID_PATTERN, 'must be 8 lowercase letters or digits');

const sectionPath = (section: (typeof SECTIONS)[number]) =>
  z.string().regex(new RegExp(`^/invite/\\s*[a-z0-9]{8}\\s*/${section}$`), `must be /invite/<id>/${section}`);

const question = z
  .array(text)
  .min(2, 'needs a numbered main question and 1 to 3 sub-prompts')
  .max(4, 'needs a numbered main question and 1 to 3 sub-prompts');

export const rawTestSchema = z
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
    redirectURL: z.tuple([sectionPath('quiz'), sectionPath('vintro'), sectionPath('iprep')]),
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

export const rawCatalogueSchema = z.record(rawId, rawTestSchema);

export const expiredListSchema = z
  .array(z.string().regex(TEST_ID_PATTERN, 'must be 8 lowercase letters or digits'))
  .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id');

export type RawTest = z.infer<typeof rawTestSchema>;
