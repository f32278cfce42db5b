import { describe, expect, it } from 'vitest';
import { companyIdOf, indexCompanies } from './companies.ts';
import { allCompanies, allTests, companyOf, getTest, testsOfCompany } from './index.ts';
import { quizTimeLimitMinutes } from './quiz-time.ts';
import type { TestDefinition } from './types.ts';

describe('companies of the catalogue', () => {
  it('names a company by a lowercase slug of its name', () => {
    expect(companyIdOf({ companyName: 'Lumenvault' })).toBe('lumenvault');
    expect(companyIdOf({ companyName: 'Orbitra Labs' })).toBe('orbitra-labs');
    expect(companyIdOf({ companyName: '  Café & Co. ' })).toBe('cafe-co');
  });
  it('lists every test under exactly one company, which names it back', () => {
    const listed = allCompanies().flatMap((company) => testsOfCompany(company.companyId));
    expect(listed.map((test) => test.uuid).sort()).toEqual(
      allTests()
        .map((test) => test.uuid)
        .sort(),
    );
    for (const company of allCompanies()) {
      for (const test of testsOfCompany(company.companyId)) expect(companyIdOf(test)).toBe(company.companyId);
    }
    const lumenvault = getTest('thd0wtfl') as TestDefinition;
    expect(companyOf(companyIdOf(lumenvault))).toEqual({ companyId: 'lumenvault', companyName: 'Lumenvault' });
  });
  it('knows no tests of an unknown company', () => {
    expect(testsOfCompany('nobody')).toEqual([]);
    expect(companyOf('nobody')).toBeUndefined();
  });
  it('refuses two company names that would share an id', () => {
    const test = getTest('thd0wtfl') as TestDefinition;
    expect(() => indexCompanies([test, { ...test, uuid: 'other001', companyName: 'LUMENVAULT' }])).toThrow(
      /share the id "lumenvault"/,
    );
  });
});

describe('quizTimeLimitMinutes', () => {
  it('adds extra time as a percentage, rounded to whole minutes', () => {
    expect(quizTimeLimitMinutes({ timeLimitInMinute: 15 })).toBe(15);
    expect(quizTimeLimitMinutes({ timeLimitInMinute: 15 }, 0)).toBe(15);
    expect(quizTimeLimitMinutes({ timeLimitInMinute: 15 }, 25)).toBe(19);
    expect(quizTimeLimitMinutes({ timeLimitInMinute: 15 }, 50)).toBe(23);
    expect(quizTimeLimitMinutes({ timeLimitInMinute: 20 }, 50)).toBe(30);
    expect(quizTimeLimitMinutes({ timeLimitInMinute: 15 }, 100)).toBe(30);
  });
});
