import type { TestDefinition } from './types.ts';

/** A hiring company of the catalogue: what its reviewers belong to. */
export interface Company {
  /** Lowercase slug of the company name, e.g. `lumenvault`, `orbitra-labs`. */
  companyId: string;
  companyName: string;
}

/** The company id of a test: its company name as a lowercase slug of letters, digits and `-`. */
export function companyIdOf(test: Pick<TestDefinition, 'companyName'>): string {
  return test.companyName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface CompanyIndex {
  companies: readonly Company[];
  testsOf: ReadonlyMap<string, readonly TestDefinition[]>;
}

/**
 * The catalogue's companies, each with its tests in catalogue order. Two company names that make the
 * same id would let one company's reviewers see the other's candidates, so that is refused.
 */
export function indexCompanies(tests: readonly TestDefinition[]): CompanyIndex {
  const names = new Map<string, string>();
  const testsOf = new Map<string, TestDefinition[]>();
  for (const test of tests) {
    const companyId = companyIdOf(test);
    const known = names.get(companyId);
    if (known !== undefined && known !== test.companyName) {
      throw new Error(
        `Invalid test catalogue: companies "${known}" and "${test.companyName}" share the id "${companyId}"`,
      );
    }
    if (companyId === '') throw new Error(`Invalid test catalogue: test "${test.uuid}" has no usable company name`);
    names.set(companyId, test.companyName);
    testsOf.set(companyId, [...(testsOf.get(companyId) ?? []), test]);
  }
  const companies = [...names].map(([companyId, companyName]) => ({ companyId, companyName }));
  return { companies, testsOf };
}
