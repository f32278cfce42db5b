import { describe, expect, it } from 'vitest';
import rawExpired from './expired.json' with { type: 'json' };
import {
  allTests,
  genderRequiredTestId,
  getTest,
  isExpired,
  isKnownTestId,
  sampleTestId,
  trailingSpaceTestId,
} from './index.ts';
import { loadCatalogue } from './load-catalogue.ts';
import { expiredListSchema, rawCatalogueSchema } from './schema.ts';
import rawTests from './tests.json' with { type: 'json' };

const rawEntries: Record<string, Record<string, unknown>> = rawTests;

function validTest(id: string) {
  return {
    uuid: id,
    testName: 'orbitra-labs-analyst',
    companyName: 'Orbitra Labs',
    roleName: 'Analyst',
    questionCount: 3,
    testDurationInMinute: 20,
    companyURL: 'https://orbitra-labs.example',
    timeLimitInMinute: 15,
    recordTimeInSeconds: 300,
    redirectURL: [`/invite/${id}/quiz`, `/invite/${id}/vintro`, `/invite/${id}/iprep`],
    responsibilities: ['One', 'Two', 'Three', 'Four', 'Five'],
    keyrequirements: ['One', 'Two', 'Three', 'Four'],
    questions: [
      ['1. First?', 'Detail.'],
      ['2. Second?', 'Detail.', 'More detail.'],
      ['3. Third?', 'Detail.'],
    ],
  };
}

describe('catalogue data', () => {
  it('passes the schemas', () => {
    expect(rawCatalogueSchema.safeParse(rawTests).success).toBe(true);
    expect(expiredListSchema.safeParse(rawExpired).success).toBe(true);
  });

  it('holds 48 to 52 tests', () => {
    expect(allTests().length).toBeGreaterThanOrEqual(48);
    expect(allTests().length).toBeLessThanOrEqual(52);
  });

  it('normalizes the entry whose id has a trailing space', () => {
    const paddedKey = Object.keys(rawTests).find((key) => key !== key.trim());
    expect(paddedKey).toBe(`${trailingSpaceTestId} `);
    const test = getTest(trailingSpaceTestId);
    expect(test?.uuid).toBe(trailingSpaceTestId);
    expect(test?.redirectURL).toEqual([
      `/invite/${trailingSpaceTestId}/quiz`,
      `/invite/${trailingSpaceTestId}/vintro`,
      `/invite/${trailingSpaceTestId}/iprep`,
    ]);
    expect(isKnownTestId(`${trailingSpaceTestId} `)).toBe(false);
  });

  it('turns string durations into numbers among 20, 25 and 30', () => {
    const stringDurationIds = Object.entries(rawEntries)
      .filter(([, raw]) => typeof raw.testDurationInMinute === 'string')
      .map(([key]) => key.trim());
    expect(stringDurationIds.length).toBeGreaterThan(0);
    for (const id of stringDurationIds) {
      expect(typeof getTest(id)?.testDurationInMinute).toBe('number');
    }
    for (const test of allTests()) {
      expect([20, 25, 30]).toContain(test.testDurationInMinute);
      expect(test.timeLimitInMinute).toBeLessThanOrEqual(test.testDurationInMinute);
    }
  });

  it('records 600 seconds for every 30-minute test', () => {
    const thirtyMinuteTests = allTests().filter((test) => test.testDurationInMinute === 30);
    expect(thirtyMinuteTests.length).toBeGreaterThan(0);
    for (const test of thirtyMinuteTests) {
      expect(test.recordTimeInSeconds).toBe(600);
    }
  });

  it('lists exactly 14 expired ids, none of them a test', () => {
    expect(rawExpired).toHaveLength(14);
    for (const id of rawExpired) {
      expect(isExpired(id)).toBe(true);
      expect(getTest(id)).toBeUndefined();
    }
  });

  it('uses only fictional company addresses under .example', () => {
    for (const test of allTests()) {
      expect(new URL(test.companyURL).hostname.endsWith('.example')).toBe(true);
    }
  });

  it('gives every test 3 questions with 1 to 3 sub-prompts', () => {
    for (const test of allTests()) {
      expect(test.questions).toHaveLength(3);
      test.questions.forEach((question, index) => {
        expect(question[0]).toMatch(new RegExp(`^${index + 1}\\. `));
        expect(question.length - 1).toBeGreaterThanOrEqual(1);
        expect(question.length - 1).toBeLessThanOrEqual(3);
      });
    }
  });

  it('marks exactly one test as requiring gender', () => {
    const requiring = allTests().filter((test) => test.requireGender);
    expect(requiring.map((test) => test.uuid)).toEqual([genderRequiredTestId]);
  });

  it('offers a plain 20-minute sample test', () => {
    const sample = getTest(sampleTestId);
    expect(sample?.testDurationInMinute).toBe(20);
    expect(sample?.requireGender).toBeUndefined();
  });

  it('never tells anyone to run a command, download or install anything', () => {
    const text = JSON.stringify(rawTests).toLowerCase();
    for (const phrase of [
      'run the command',
      'run this command',
      'command prompt',
      'terminal',
      'download',
      'install',
      'curl',
      'powershell',
      'shell',
      'driver',
    ]) {
      expect(text).not.toContain(phrase);
    }
  });

  it('returns undefined for an unknown id', () => {
    expect(getTest('zzzzzzzz')).toBeUndefined();
    expect(isKnownTestId('zzzzzzzz')).toBe(false);
  });
});

describe('loadCatalogue', () => {
  it('accepts a small valid catalogue and converts string durations', () => {
    const { tests, expired } = loadCatalogue(
      { ab12cd34: { ...validTest('ab12cd34'), testDurationInMinute: '25', timeLimitInMinute: 20 } },
      ['zz99yy88'],
    );
    expect(tests.get('ab12cd34')?.testDurationInMinute).toBe(25);
    expect(expired.has('zz99yy88')).toBe(true);
  });

  it('normalizes a padded id in the key, uuid and paths', () => {
    const padded = {
      ...validTest('ab12cd34 '),
      redirectURL: ['/invite/ab12cd34 /quiz', '/invite/ab12cd34 /vintro', '/invite/ab12cd34 /iprep'],
    };
    const test = loadCatalogue({ 'ab12cd34 ': padded }, []).tests.get('ab12cd34');
    expect(test?.uuid).toBe('ab12cd34');
    expect(test?.redirectURL).toEqual(['/invite/ab12cd34/quiz', '/invite/ab12cd34/vintro', '/invite/ab12cd34/iprep']);
  });

  it('rejects an id of the wrong shape', () => {
    expect(() => loadCatalogue({ 'AB-12': validTest('AB-12') }, [])).toThrow(/"AB-12".*8 lowercase letters or digits/);
  });

  it('rejects a test with 2 questions', () => {
    const test = validTest('ab12cd34');
    const twoQuestions = { ...test, questions: test.questions.slice(0, 2) };
    expect(() => loadCatalogue({ ab12cd34: twoQuestions }, [])).toThrow(
      /"ab12cd34" field questions: must hold exactly 3 questions/,
    );
  });

  it('rejects a company address outside .example', () => {
    const realDomain = { ...validTest('ab12cd34'), companyURL: 'https://orbitra-labs.com' };
    expect(() => loadCatalogue({ ab12cd34: realDomain }, [])).toThrow(/"ab12cd34" field companyURL: .*\.example/);
  });

  it('rejects a key that differs from its uuid', () => {
    expect(() => loadCatalogue({ ab12cd34: validTest('ef56gh78') }, [])).toThrow(/"ab12cd34" field uuid/);
  });

  it('rejects an expired id that is also a test', () => {
    expect(() => loadCatalogue({ ab12cd34: validTest('ab12cd34') }, ['ab12cd34'])).toThrow(/"ab12cd34" is also a test/);
  });

  it('rejects a malformed expired list', () => {
    expect(() => loadCatalogue({}, ['short'])).toThrow(/expired list.*\n.*item "0": must be 8 lowercase/);
    expect(() => loadCatalogue({}, ['ab12cd34', 'ab12cd34'])).toThrow(/must not repeat an id/);
  });
});
