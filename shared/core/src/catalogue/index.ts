import { type Company, indexCompanies } from './companies.ts';
import rawExpired from './expired.json' with { type: 'json' };
import { loadCatalogue } from './load-catalogue.ts';
import rawTests from './tests.json' with { type: 'json' };
import type { TestDefinition } from './types.ts';

export { type Company, companyIdOf } from './companies.ts';
export * from './quiz-time.ts';
export type { TestDefinition } from './types.ts';

const { tests, expired } = loadCatalogue(rawTests, rawExpired);
const companies = indexCompanies([...tests.values()]);

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

/** Every company of the catalogue, in the order its first test appears. */
export function allCompanies(): readonly Company[] {
  return companies.companies;
}

export function companyOf(companyId: string): Company | undefined {
  return companies.companies.find((company) => company.companyId === companyId);
}

/** The tests of one company, in catalogue order; none for an unknown company id. */
export function testsOfCompany(companyId: string): readonly TestDefinition[] {
  return companies.testsOf.get(companyId) ?? [];
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
