import { describe, expect, it } from 'vitest';
import { type GroupCounts, genderReport, suppressSmallCounts } from './gender-report.ts';

const counts = (registered: number[], finished: number[]): GroupCounts[] =>
  (['Male', 'Female', 'Other', 'Not answered'] as const).map((group, index) => ({
    group,
    registered: registered[index] ?? 0,
    finished: finished[index] ?? 0,
  }));

const shown = (report: ReturnType<typeof suppressSmallCounts>) => report.map((row) => [row.registered, row.finished]);

describe('suppressSmallCounts', () => {
  it('shows every count when all are 5 or more and no group has 1 to 4 unfinished', () => {
    expect(shown(suppressSmallCounts(counts([10, 12, 6, 5], [10, 6, 6, 5])))).toEqual([
      [10, 10],
      [12, 6],
      [6, 6],
      [5, 5],
    ]);
  });

  it('hides a count under 5, and the next smallest of its column, which would give it away', () => {
    // Other: 3 registered. With the total 25 shown, the three others would reveal it: Female (the
    // first of the two smallest) goes with it.
    expect(shown(suppressSmallCounts(counts([10, 6, 3, 6], [10, 6, 0, 6])))).toEqual([
      [10, 10],
      [null, null],
      [null, null],
      [6, 6],
    ]);
  });

  it('hides a finished count that would reveal fewer than 5 unfinished candidates of a group', () => {
    const report = suppressSmallCounts(counts([20, 20, 10, 10], [18, 20, 10, 10]));
    expect(report[0]).toEqual({ group: 'Male', registered: 20, finished: null });
    // One finished count hidden in its column: the next smallest is hidden with it.
    expect(report.filter((row) => row.finished === null)).toHaveLength(2);
  });

  it('never leaves exactly one count hidden in a column', () => {
    for (const registered of [
      [0, 7, 8, 9],
      [4, 4, 20, 30],
      [1, 50, 60, 70],
      [5, 5, 5, 4],
    ]) {
      const report = suppressSmallCounts(counts(registered, registered));
      for (const column of ['registered', 'finished'] as const) {
        expect(report.filter((row) => row[column] === null).length, `${registered}`).not.toBe(1);
        for (const row of report) if (row[column] !== null) expect(row[column]).toBeGreaterThanOrEqual(5);
      }
    }
  });
});

describe('genderReport', () => {
  it('counts stored answers into the groups, with the totals', () => {
    const report = genderReport('t1', [
      { gender: 'Female', registered: 7, finished: 7 },
      { gender: '', registered: 9, finished: 9 },
      { gender: 'Male', registered: 6, finished: 6 },
      { gender: 'Other', registered: 8, finished: 8 },
    ]);
    expect(report.total).toEqual({ registered: 30, finished: 30 });
    expect(report.groups).toEqual([
      { group: 'Male', registered: 6, finished: 6 },
      { group: 'Female', registered: 7, finished: 7 },
      { group: 'Other', registered: 8, finished: 8 },
      { group: 'Not answered', registered: 9, finished: 9 },
    ]);
  });
});
