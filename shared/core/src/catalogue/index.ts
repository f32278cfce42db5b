import rawExpired from './expired.json' with { type: 'json' };
import { loadCatalogue } from './load-catalogue.ts';
import rawTests from './tests.json' with { type: 'json' };
import type { TestDefinition } from './types.ts';

export type { TestDefinition } from './types.ts';

const { tests, expired } = loadCatalogue(rawTests, rawExpired);

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) {
    throw new Error(`The test catalogue has no ${what}`);
  }
  return value;
}

export function getTest(id: string): TestDefinition | undefined {
  return tests.get(id);
}

export function isExpired(id: string): boolean {
  return expired.has(id);
}

export function isKnownTestId(id: string): boolean {
  return tests.has(id);
}

export function allTests(): TestDefinition[] {
  return [...tests.values()];
}

export const trailingSpaceTestId: string = required(
  Object.keys(rawTests).find((key) => key !== key.trim()),
  'entry with a padded id',
).trim();

export const genderRequiredTestId: string = required(
  allTests().find((test) => test.requireGender),
  'entry that requires gender',
).uuid;

export const sampleTestId: string = required(
  allTests().find(
    (test) => test.testDurationInMinute === 20 && !test.requireGender && test.uuid !== trailingSpaceTestId,
  ),
  'plain 20-minute entry',
).uuid;
