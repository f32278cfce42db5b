import {
  CANDIDATE_STAGES,
  type CandidateStage,
  type CountedMonth,
  countedMonthSchema,
  DEMOGRAPHIC_GROUPS,
  type DemographicGroup,
  type GenderReport,
  type GenderReportMonth,
  SMALLEST_SHOWN_COUNT,
} from '@assessment/core';
import type { PrivacyStore, StoredCounts } from '../storage/privacy/privacy-store.ts';
import { monthCountedBy, monthIsDue } from './report-months.ts';

type Column = 'registered' | 'finished' | CandidateStage;
const COLUMNS: readonly Column[] = ['registered', 'finished', ...CANDIDATE_STAGES];

/** One group's true counts, before anything is hidden. */
export type GroupCounts = { group: DemographicGroup } & Record<Column, number>;

/** A column's count over every group: the total the test's list shows anyway. */
const columnTotal = (counts: readonly GroupCounts[], column: Column) =>
  counts.reduce((total, row) => total + row[column], 0);

type Cell = { row: number; column: Column };
/** Cells whose sum is known: from the shown totals ('public'), or from another cell. */
type Sum = { total: Cell | 'public'; parts: Cell[] };

/** Every way a hidden count could be worked out as a total minus the counts beside it. */
function sumsOf(rows: number): Sum[] {
  const indexes = [...Array(rows).keys()];
  return [
    ...COLUMNS.map((column): Sum => ({ total: 'public', parts: indexes.map((row) => ({ row, column })) })),
    ...indexes.map(
      (row): Sum => ({
        total: { row, column: 'registered' },
        parts: CANDIDATE_STAGES.map((column) => ({ row, column })),
      }),
    ),
  ];
}

/**
 * The counts a reviewer may see: every count under 5 hidden, and then every count that would give
 * a hidden one away by subtraction. The totals are shown (the test's list shows them anyway), so a
 * column with one hidden count would give it away as the total minus the others; a group's stages
 * add up to its registered count likewise; in each case the next smallest count is hidden too. A
 * group's unfinished candidates (registered minus finished) are a count as well: when fewer than
 * 5, its finished count is hidden. So is a count that leaves fewer than 5 in the rest of its
 * column. Hiding one count can expose another, so the rules run until nothing changes.
 */
export function suppressSmallCounts(counts: readonly GroupCounts[]): boolean[][] {
  const shown = counts.map((row) => COLUMNS.map((column) => row[column] >= SMALLEST_SHOWN_COUNT));
  const at = ({ row, column }: Cell) => COLUMNS.indexOf(column) + row * COLUMNS.length;
  const isShown = (cell: Cell) => shown[cell.row]?.[COLUMNS.indexOf(cell.column)] === true;
  const hide = (cell: Cell) => {
    const row = shown[cell.row];
    if (row) row[COLUMNS.indexOf(cell.column)] = false;
  };
  const countOf = (cell: Cell) => counts[cell.row]?.[cell.column] ?? 0;
  const sums = sumsOf(counts.length);
  for (let changed = true; changed; ) {
    changed = false;
    // The rest of a column (its total minus one count) is a count too: under 5, it tells nearly
    // each candidate of the column their group, and at 0 (a test whose candidates all answered
    // alike) exactly.
    for (const column of COLUMNS) {
      const total = columnTotal(counts, column);
      counts.forEach((row, index) => {
        const cell = { row: index, column };
        if (isShown(cell) && total - row[column] < SMALLEST_SHOWN_COUNT) {
          hide(cell);
          changed = true;
        }
      });
    }
    counts.forEach((row, index) => {
      const unfinished = row.registered - row.finished;
      const finished = { row: index, column: 'finished' as const };
      const small = unfinished > 0 && unfinished < SMALLEST_SHOWN_COUNT;
      if (small && isShown({ row: index, column: 'registered' }) && isShown(finished)) {
        hide(finished);
        changed = true;
      }
    });
    for (const { total, parts } of sums) {
      const totalKnown = total === 'public' || isShown(total);
      const hidden = parts.filter((cell) => !isShown(cell)).length;
      // Known total and one hidden part, or a hidden total and every part shown: one is given away.
      if (!(totalKnown ? hidden === 1 : hidden === 0)) continue;
      const nextSmallest = parts.filter(isShown).sort((a, b) => countOf(a) - countOf(b) || at(a) - at(b))[0];
      if (nextSmallest) hide(nextSmallest);
      else if (total !== 'public') hide(total);
      else continue;
      changed = true;
    }
  }
  return shown;
}

/** Stored counts ('' for no answer) added up into every group of the report, in the form's order. */
export function countsByGroup(rows: readonly StoredCounts[]): GroupCounts[] {
  return DEMOGRAPHIC_GROUPS.map((group) => {
    const answer = group === 'Not answered' ? '' : group;
    const counts: GroupCounts = { group, registered: 0, finished: 0, new: 0, reviewing: 0, advance: 0, decline: 0 };
    for (const row of rows) {
      if (row.gender !== answer) continue;
      counts.registered += row.registered;
      counts.finished += row.finished;
      const stage = CANDIDATE_STAGES.find((known) => known === row.stage) ?? 'new';
      counts[stage] += row.registered;
    }
    return counts;
  });
}

/** One month's counts as a reviewer may see them, with the four-fifths indicator from shown counts only. */
export function countedMonth(rows: readonly StoredCounts[]): CountedMonth {
  const counts = countsByGroup(rows);
  const shown = suppressSmallCounts(counts);
  const cell = (row: number, column: Column) =>
    shown[row]?.[COLUMNS.indexOf(column)] ? (counts[row]?.[column] ?? null) : null;
  const groups = counts.map((row, index) => {
    const registered = cell(index, 'registered');
    const advance = cell(index, 'advance');
    return {
      group: row.group,
      registered,
      finished: cell(index, 'finished'),
      stages: Object.fromEntries(CANDIDATE_STAGES.map((stage) => [stage, cell(index, stage)])) as Record<
        CandidateStage,
        number | null
      >,
      advanceRate: registered && advance !== null ? advance / registered : null,
    };
  });
  const highest = Math.max(0, ...groups.map((group) => group.advanceRate ?? 0));
  return {
    groups: groups.map((group) => ({
      ...group,
      impactRatio: group.advanceRate !== null && highest > 0 ? group.advanceRate / highest : null,
    })),
    total: {
      registered: columnTotal(counts, 'registered'),
      finished: columnTotal(counts, 'finished'),
      stages: Object.fromEntries(CANDIDATE_STAGES.map((stage) => [stage, columnTotal(counts, stage)])) as Record<
        CandidateStage,
        number
      >,
    },
  };
}

/** Candidates with no decision yet (new or being reviewed), whatever their answer. */
const undecided = (rows: readonly StoredCounts[]) =>
  rows.reduce((sum, row) => (row.stage === 'advance' || row.stage === 'decline' ? sum : sum + row.registered), 0);

/**
 * The test's report: each month its candidates registered in, newest first, shown as it was
 * counted, or not yet. A month due now (`monthIsDue`) is counted and kept at this look, and every
 * later look shows what was kept, however its candidates move since: counts that moved would give
 * away, between two looks, the answer of whomever the reviewer had just moved or seen register.
 */
export async function genderReport(
  privacy: Pick<PrivacyStore, 'demographicCounts' | 'countedMonths' | 'keepCountedMonth'>,
  testId: string,
  now: number,
): Promise<GenderReport> {
  const [rows, kept] = await Promise.all([privacy.demographicCounts(testId), privacy.countedMonths(testId)]);
  const keptByMonth = new Map(kept.map((month) => [month.registeredMonth, month]));
  const months = [...new Set([...rows.map((row) => row.registeredMonth), ...keptByMonth.keys()])].sort().reverse();
  return {
    testId,
    months: await Promise.all(
      months.map(async (month): Promise<GenderReportMonth> => {
        const ofMonth = rows.filter((row) => row.registeredMonth === month);
        let counted = keptByMonth.get(month);
        if (!counted && monthIsDue(month, undecided(ofMonth), now)) {
          const counts = JSON.stringify(countedMonth(ofMonth));
          counted = await privacy.keepCountedMonth(testId, { registeredMonth: month, countedAt: now, counts });
        }
        if (!counted) return { month, counted: false, countedBy: monthCountedBy(month) };
        return {
          month,
          counted: true,
          countedAt: counted.countedAt,
          ...countedMonthSchema.parse(JSON.parse(counted.counts)),
        };
      }),
    ),
  };
}
