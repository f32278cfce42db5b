import { CANDIDATE_STAGES, DEMOGRAPHIC_GROUPS } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import type { StoredCounts } from '../storage/privacy/privacy-store.ts';
import { countedMonth } from './gender-report.ts';

type Answer = 'Male' | 'Female' | 'Other' | '';

/** Stored rows: per answer, how many are at each stage (all finished unless `unfinished` says). */
function stored(byAnswer: Partial<Record<Answer, [number, number, number, number]>>, unfinished = 0): StoredCounts[] {
  return Object.entries(byAnswer).flatMap(([gender, atStages]) =>
    CANDIDATE_STAGES.map((stage, index) => {
      const registered = atStages?.[index] ?? 0;
      return {
        gender,
        registeredMonth: '2026-11',
        stage,
        registered,
        finished: stage === 'new' ? registered - unfinished : registered,
      };
    }),
  );
}

const table = (report: ReturnType<typeof countedMonth>) =>
  report.groups.map((row) => [row.registered, row.finished, ...CANDIDATE_STAGES.map((stage) => row.stages[stage])]);

describe('countedMonth', () => {
  it('shows every count when all are 5 or more, with the totals', () => {
    const report = countedMonth(
      stored({ Male: [5, 5, 5, 5], Female: [6, 6, 6, 6], Other: [5, 5, 5, 5], '': [7, 5, 5, 5] }),
    );
    expect(table(report)).toEqual([
      [20, 20, 5, 5, 5, 5],
      [24, 24, 6, 6, 6, 6],
      [20, 20, 5, 5, 5, 5],
      [22, 22, 7, 5, 5, 5],
    ]);
    expect(report.total).toEqual({
      registered: 86,
      finished: 86,
      stages: { new: 23, reviewing: 21, advance: 21, decline: 21 },
    });
  });

  it('hides a count under 5, and the next smallest of its column, which would give it away', () => {
    const report = countedMonth(
      stored({ Male: [10, 5, 5, 5], Female: [6, 5, 5, 5], Other: [3, 5, 5, 5], '': [7, 5, 5, 5] }),
    );
    const news = report.groups.map((row) => row.stages.new);
    // Other's 3 new, and then Female's 6 with it: the total of the column would give 3 away.
    expect(news).toEqual([10, null, null, 7]);
  });

  it('hides a count that leaves fewer than 5 in the rest of its column: one answer for all tells each', () => {
    const alike = countedMonth(stored({ Female: [7, 0, 0, 0] }));
    expect(table(alike)).toEqual(Array(4).fill([null, null, null, null, null, null]));
    expect(alike.total.registered).toBe(7);
    const nearlyAlike = countedMonth(stored({ Male: [20, 5, 5, 5], Female: [3, 0, 0, 0] }));
    expect(nearlyAlike.groups[0]?.registered).toBeNull();
    expect(nearlyAlike.groups[0]?.stages.new).toBeNull();
  });

  it('hides one more stage of a group whose stages would add up to a hidden one', () => {
    const report = countedMonth(
      stored({ Male: [5, 6, 7, 3], Female: [6, 6, 6, 6], Other: [5, 5, 5, 5], '': [5, 5, 5, 5] }),
    );
    const male = report.groups[0];
    expect(male?.registered).toBe(21);
    expect(male?.stages.decline).toBeNull();
    expect(Object.values(male?.stages ?? {}).filter((count) => count === null).length).toBeGreaterThan(1);
  });

  it('hides a finished count that would reveal fewer than 5 unfinished candidates of a group', () => {
    const report = countedMonth(
      stored({ Male: [10, 5, 5, 5], Female: [10, 5, 5, 5], Other: [10, 5, 5, 5], '': [10, 5, 5, 5] }, 2),
    );
    expect(report.groups.map((row) => row.finished)).toEqual([null, null, null, null]);
    expect(report.groups.map((row) => row.registered)).toEqual([25, 25, 25, 25]);
  });

  it('never shows a count under 5, nor leaves exactly one hidden count that a shown total gives away', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 300; round += 1) {
      const answers: Answer[] = ['Male', 'Female', 'Other', ''];
      const report = countedMonth(
        stored(
          Object.fromEntries(answers.map((answer) => [answer, [random(12), random(12), random(12), random(12)]])),
          random(3),
        ),
      );
      const cells = table(report);
      for (const row of cells) for (const count of row) if (count !== null) expect(count).toBeGreaterThanOrEqual(5);
      for (let column = 0; column < 6; column += 1) {
        expect(cells.filter((row) => row[column] === null).length, `column ${column}`).not.toBe(1);
      }
      for (const row of cells) {
        const hiddenStages = row.slice(2).filter((count) => count === null).length;
        expect(hiddenStages, `stages of ${row}`).not.toBe(row[0] === null ? 0 : 1);
      }
    }
  });

  it('gives each group’s advance rate and its ratio to the highest, the four-fifths indicator', () => {
    const report = countedMonth(
      stored({ Male: [5, 5, 10, 5], Female: [7, 7, 6, 5], Other: [5, 5, 5, 5], '': [5, 5, 5, 5] }),
    );
    expect(report.groups.map((row) => row.group)).toEqual([...DEMOGRAPHIC_GROUPS]);
    expect(report.groups.map((row) => row.advanceRate)).toEqual([0.4, 0.24, 0.25, 0.25]);
    expect(report.groups.map((row) => row.impactRatio?.toFixed(3))).toEqual(['1.000', '0.600', '0.625', '0.625']);
  });

  it('gives no rate where a count is hidden, and no ratio while no one has advanced', () => {
    const report = countedMonth(stored({ Male: [20, 0, 0, 0], Female: [20, 0, 0, 0] }));
    expect(report.groups.map((row) => [row.advanceRate, row.impactRatio])).toEqual([
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ]);
  });
});
