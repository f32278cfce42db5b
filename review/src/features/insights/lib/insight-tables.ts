import {
  type CameraOutcome,
  type FunnelStep,
  type Insights,
  type InsightsFunnelStep,
  OTHER_GROUP,
  RECOMMENDATION_NAMES,
  SECTIONS,
  type SkipGroup,
} from '@assessment/core';

/** What the page shows for a figure the server hid (a count under 5, or one of fewer than 5 candidates). */
export const FEWER_THAN_5 = 'fewer than 5';

/** A figure: a count, minutes (from milliseconds) or a share; null where the server hid it. */
export type Cell =
  | { kind: 'count'; value: number | null }
  | { kind: 'minutes'; value: number | null }
  | { kind: 'percent'; value: number | null };

/**
 * One chart's figures: its table, its chart and its CSV are all made from this, so the three
 * always hold the same numbers. `charted` names the columns the chart draws.
 */
export interface FigureTable {
  /** For the CSV's file name. */
  name: string;
  title: string;
  /** What the first column holds, then each figure's column. */
  columns: readonly string[];
  rows: { label: string; cells: Cell[] }[];
  charted: readonly number[];
}

const count = (value: number | null): Cell => ({ kind: 'count', value });
const minutes = (ms: number | null): Cell => ({ kind: 'minutes', value: ms === null ? null : ms / 60_000 });
const percent = (share: number | null): Cell => ({ kind: 'percent', value: share === null ? null : share * 100 });

/** A figure as the table and the CSV write it. */
export function cellText(cell: Cell): string {
  if (cell.value === null) return FEWER_THAN_5;
  switch (cell.kind) {
    case 'count':
      return String(cell.value);
    case 'minutes':
      return cell.value.toFixed(1);
    case 'percent':
      return cell.value.toFixed(0);
  }
}

export const STEP_NAMES: Record<FunnelStep, string> = {
  invited: 'Invited',
  opened: 'Opened the link',
  registered: 'Registered',
  'quiz-started': 'Started the quiz',
  'quiz-finished': 'Finished the quiz',
  video: 'Sent a video, or went on without one',
  feedback: 'Sent feedback',
  finished: 'Finished',
};

const SKIP_NAMES: Record<SkipGroup, string> = {
  'camera-permission-denied': 'The browser was not allowed to use the camera',
  'camera-busy': 'The camera was in use, or stopped responding',
  'no-camera': 'No camera worked',
  'camera-unsuitable': 'The camera could not start',
  'camera-unavailable': 'The browser could not use a camera on the page',
  'device-check-failed': 'The camera check did not pass',
  'recording-unavailable': 'The browser could not record',
  'upload-refused': 'The server refused the recording',
  'upload-failing': 'Sending the recording kept failing',
  [OTHER_GROUP]: 'Another reason',
};

const CAMERA_NAMES: Record<CameraOutcome, string> = {
  passed: 'The camera check passed',
  'permission-denied': 'Camera permission denied',
  'no-camera': 'No camera found',
  unavailable: 'No camera available in the browser',
  'not-checked': 'No camera check reported',
};

function funnelTable(name: string, title: string, steps: readonly InsightsFunnelStep[]): FigureTable {
  return {
    name,
    title,
    columns: ['Step', 'Candidates', 'Did not go on from the step before'],
    rows: steps.map((step) => ({ label: STEP_NAMES[step.step], cells: [count(step.count), count(step.dropOff)] })),
    charted: [0],
  };
}

/** Every table of the Insights, in the order the page shows them. */
export function insightTables(insights: Insights) {
  const { funnel, video, time, days, ratings, videoStops, reminders } = insights;
  return {
    personal: funnelTable('funnel-personal-invitations', 'Personal invitations', funnel.personal),
    openLink: funnelTable('funnel-open-link', 'The open link', funnel.openLink),
    video: {
      name: 'video-step',
      title: 'The video step',
      columns: ['What candidates did', 'Candidates'],
      rows: [
        { label: 'Sent a video', cells: [count(video.sent)] },
        { label: 'Went on without a video', cells: [count(video.skipped)] },
        ...video.reasons.map((reason) => ({
          label: `Without a video: ${SKIP_NAMES[reason.reason]}`,
          cells: [count(reason.count)],
        })),
      ],
      charted: [0],
    } satisfies FigureTable,
    sections: {
      name: 'time-in-sections',
      title: 'Time in each section',
      columns: ['Section', 'Candidates', 'Median (minutes)', '90th percentile (minutes)'],
      rows: time.sections.map((section) => ({
        label: SECTIONS.byId(section.section)?.title ?? section.section,
        cells: [count(section.candidates), minutes(section.medianMs), minutes(section.p90Ms)],
      })),
      charted: [1, 2],
    } satisfies FigureTable,
    extraTime: {
      name: 'extra-time',
      title: 'Extra quiz time',
      columns: ['Candidates with extra quiz time who finished the quiz', 'Figure'],
      rows: [
        { label: 'Finished the quiz', cells: [count(time.extraTime.candidates)] },
        { label: "Took longer than the test's own time", cells: [count(time.extraTime.used)] },
        { label: 'Share who used their extra time (%)', cells: [percent(time.extraTime.share)] },
      ],
      charted: [],
    } satisfies FigureTable,
    days: {
      name: 'per-day',
      title: 'Started and finished, per day (UTC)',
      columns: ['Day', 'Started', 'Finished'],
      rows: days.map((day) => ({ label: day.day, cells: [count(day.started), count(day.finished)] })),
      charted: [0, 1],
    } satisfies FigureTable,
    criteria:
      ratings.criteria === null
        ? null
        : ({
            name: 'ratings-by-criterion',
            title: "Each criterion's scores",
            columns: ['Criterion', 'Scored 1', 'Scored 2', 'Scored 3', 'Scored 4', 'Scored 5'],
            rows: ratings.criteria.map((criterion) => ({
              label: criterion.name,
              cells: criterion.scores.map((score) => count(score.count)),
            })),
            charted: [0, 1, 2, 3, 4],
          } satisfies FigureTable),
    recommendations: {
      name: 'recommendations',
      title: 'Recommendations',
      columns: ['Recommendation', 'Ratings'],
      rows: ratings.recommendations.map((entry) => ({
        label: RECOMMENDATION_NAMES[entry.recommendation],
        cells: [count(entry.count)],
      })),
      charted: [0],
    } satisfies FigureTable,
    discuss: {
      name: 'discuss',
      title: 'Marked "Discuss"',
      columns: ["The team's ratings", 'Figure'],
      rows: [
        { label: 'Candidates you rated', cells: [count(ratings.candidates)] },
        { label: 'Of them, rated by two or more of the team', cells: [count(ratings.discuss.candidates)] },
        { label: 'Share of those marked "Discuss" (%)', cells: [percent(ratings.discuss.share)] },
        { label: 'Ratings under an earlier rubric, not counted by criterion', cells: [count(ratings.otherVersions)] },
      ],
      charted: [],
    } satisfies FigureTable,
    cameraChecks: {
      name: 'video-stops-camera-checks',
      title: 'Camera check of those who stopped at the video step',
      columns: ['Camera check', 'Candidates'],
      rows: videoStops.cameraChecks.map((entry) => ({
        label: CAMERA_NAMES[entry.outcome],
        cells: [count(entry.count)],
      })),
      charted: [0],
    } satisfies FigureTable,
    browsers: {
      name: 'video-stops-browsers',
      title: 'Browsers of those who stopped at the video step',
      columns: ['Browser', 'Candidates'],
      rows: videoStops.browsers.map((entry) => ({
        label: entry.browser === OTHER_GROUP ? 'Other browsers' : entry.browser,
        cells: [count(entry.count)],
      })),
      charted: [0],
    } satisfies FigureTable,
    reminders: {
      name: 'reminders',
      title: 'Reminders',
      columns: ['Personal invitations', 'Invitations'],
      rows: [
        { label: 'Reminded by email', cells: [count(reminders.reminded)] },
        { label: 'Opened after their reminder', cells: [count(reminders.openedAfter)] },
      ],
      charted: [0],
    } satisfies FigureTable,
  };
}

/**
 * A field of a CSV file (RFC 4180): quoted where it must be, and a text a spreadsheet would run as
 * a formula (`=`, `+`, `-`, `@`) kept as text.
 */
function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The table as CSV: its header, then one line per row, each figure as the table writes it. */
export function tableCsv(table: FigureTable): string {
  const lines = [table.columns, ...table.rows.map((row) => [row.label, ...row.cells.map(cellText)])];
  return `${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}
