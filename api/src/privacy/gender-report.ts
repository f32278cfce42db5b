import { DEMOGRAPHIC_GROUPS, type DemographicGroup, type GenderReport, SMALLEST_SHOWN_COUNT } from '@assessment/core';

/** One group's true counts, before anything is hidden. */
export interface GroupCounts {
  group: DemographicGroup;
  registered: number;
  finished: number;
}

const COLUMNS = ['registered', 'finished'] as const;

/**
 * The aggregate report as a reviewer may see it: every count under 5 hidden, and then every count
 * that would give a hidden one away by subtraction. The totals are shown (the test's list shows
 * them anyway), so a column with one hidden count would give it away as the total minus the
 * others: the next smallest count of that column is hidden too. A group's unfinished candidates
 * (registered minus finished) are a count as well: when fewer than 5, its finished count is hidden.
 * Hiding one count can expose another, so the rules run until nothing changes.
 */
export function suppressSmallCounts(counts: readonly GroupCounts[]): GenderReport['groups'] {
  const shown = counts.map((row) => ({
    registered: row.registered >= SMALLEST_SHOWN_COUNT,
    finished: row.finished >= SMALLEST_SHOWN_COUNT,
  }));
  for (let changed = true; changed; ) {
    changed = false;
    counts.forEach((row, index) => {
      const unfinished = row.registered - row.finished;
      const cell = shown[index];
      if (cell?.registered && cell.finished && unfinished > 0 && unfinished < SMALLEST_SHOWN_COUNT) {
        cell.finished = false;
        changed = true;
      }
    });
    for (const column of COLUMNS) {
      if (shown.filter((cell) => !cell[column]).length !== 1) continue;
      const nextSmallest = counts
        .map((row, index) => ({ index, count: row[column] }))
        .filter(({ index }) => shown[index]?.[column])
        .sort((a, b) => a.count - b.count)[0];
      const cell = nextSmallest && shown[nextSmallest.index];
      if (cell) {
        cell[column] = false;
        changed = true;
      }
    }
  }
  return counts.map((row, index) => ({
    group: row.group,
    registered: shown[index]?.registered ? row.registered : null,
    finished: shown[index]?.finished ? row.finished : null,
  }));
}

/** Stored answers ('' for none) counted into every group of the report, in the form's order. */
export function countsByGroup(
  rows: readonly { gender: string; registered: number; finished: number }[],
): GroupCounts[] {
  return DEMOGRAPHIC_GROUPS.map((group) => {
    const answer = group === 'Not answered' ? '' : group;
    const matching = rows.filter((row) => row.gender === answer);
    return {
      group,
      registered: matching.reduce((sum, row) => sum + row.registered, 0),
      finished: matching.reduce((sum, row) => sum + row.finished, 0),
    };
  });
}

/** The report of one test from its stored counts. */
export function genderReport(
  testId: string,
  rows: readonly { gender: string; registered: number; finished: number }[],
): GenderReport {
  const counts = countsByGroup(rows);
  return {
    testId,
    groups: suppressSmallCounts(counts),
    total: {
      registered: counts.reduce((sum, row) => sum + row.registered, 0),
      finished: counts.reduce((sum, row) => sum + row.finished, 0),
    },
  };
}
