import { invitePath } from '../invite/invite-id.ts';
import type { SectionRegistry } from '../sections/section-registry.ts';
import { SECTIONS } from '../sections/sections.ts';
import type { z } from '../zod.ts';
import { expiredListSchema, type RawTest, rawCatalogueSchemaFor } from './schema.ts';
import type { TestDefinition } from './types.ts';

export interface Catalogue {
  tests: ReadonlyMap<string, TestDefinition>;
  expired: ReadonlySet<string>;
}

function describeIssues(what: string, error: z.ZodError, itemLabel: string): string {
  const lines = error.issues.map((issue) => {
    const [item, ...field] = issue.path;
    const where =
      item === undefined
        ? what
        : `${itemLabel} ${JSON.stringify(String(item))}${field.length > 0 ? ` field ${field.join('.')}` : ''}`;
    // A record key's own messages sit one level down, under a generic "Invalid key in record".
    const message =
      issue.code === 'invalid_key' ? `key ${issue.issues.map((inner) => inner.message).join('; ')}` : issue.message;
    return `${where}: ${message}`;
  });
  return `Invalid ${what}:\n${lines.join('\n')}`;
}

/** Removes the whitespace the raw data may hold around the id segment of `/invite/<id>/<section>`. */
function normalizePath(path: string): string {
  return path
    .split('/')
    .map((segment) => segment.trim())
    .join('/');
}

function normalizeTest(key: string, raw: RawTest, sections: SectionRegistry): TestDefinition {
  const uuid = raw.uuid.trim();
  if (key.trim() !== uuid) {
    throw new Error(`Invalid test catalogue: test ${JSON.stringify(key)} field uuid: "${uuid}" differs from its key`);
  }
  const redirectURL = sections.sections.map((section) => invitePath(uuid, section.segment));
  raw.redirectURL.map(normalizePath).forEach((path, index) => {
    const expected = redirectURL[index];
    if (path !== expected) {
      throw new Error(
        `Invalid test catalogue: test ${JSON.stringify(key)} field redirectURL.${index}: "${path}" should be "${expected}"`,
      );
    }
  });
  return {
    uuid,
    testName: raw.testName,
    companyName: raw.companyName,
    roleName: raw.roleName,
    questionCount: raw.questionCount,
    testDurationInMinute: Number(raw.testDurationInMinute),
    companyURL: raw.companyURL,
    timeLimitInMinute: raw.timeLimitInMinute,
    recordTimeInSeconds: raw.recordTimeInSeconds,
    redirectURL,
    responsibilities: raw.responsibilities,
    keyrequirements: raw.keyrequirements,
    questions: raw.questions,
    ...(raw.requireGender ? { requireGender: true } : {}),
  };
}

/**
 * Validates and normalizes the raw catalogue and expired list; throws on the first file that is wrong.
 * Each test's `redirectURL` lists the paths of `sections`, in order.
 */
export function loadCatalogue(rawTests: unknown, rawExpired: unknown, sections: SectionRegistry = SECTIONS): Catalogue {
  const parsedTests = rawCatalogueSchemaFor(sections).safeParse(rawTests);
  if (!parsedTests.success) {
    throw new Error(describeIssues('test catalogue', parsedTests.error, 'test'));
  }
  const parsedExpired = expiredListSchema.safeParse(rawExpired);
  if (!parsedExpired.success) {
    throw new Error(describeIssues('expired list', parsedExpired.error, 'item'));
  }

  const tests = new Map<string, TestDefinition>();
  for (const [key, raw] of Object.entries(parsedTests.data)) {
    const test = normalizeTest(key, raw, sections);
    if (tests.has(test.uuid)) {
      throw new Error(`Invalid test catalogue: test ${JSON.stringify(key)} field uuid: "${test.uuid}" is listed twice`);
    }
    tests.set(test.uuid, test);
  }

  const expired = new Set(parsedExpired.data);
  for (const id of expired) {
    if (tests.has(id)) {
      throw new Error(`Invalid expired list: "${id}" is also a test in the catalogue`);
    }
  }
  return { tests, expired };
}
