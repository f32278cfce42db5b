import {
  createInvitationSchema,
  INVITATION_NAME_MAX,
  MAX_BULK_INVITATIONS,
  MAX_EXTRA_TIME_PERCENT,
} from '@assessment/core';
import { CsvError, parse } from 'csv-parse/sync';

/** One row of a bulk invitation that is fit to make. */
export interface InvitationRow {
  line: number;
  email: string;
  name: string | null;
  extraTimePercent: number;
}

export interface RowProblem {
  line: number;
  problem: string;
}

/** A row's email and name follow the rules of one invitation made on its own. */
const { email: emailSchema, name: nameSchema } = createInvitationSchema.shape;
/** `50`, `50%`, `+50 %`, or nothing for none. */
const EXTRA_TIME = /^\+?\s*(\d{1,3})\s*%?$/;

function extraTimeOf(cell: string): number | null {
  if (cell === '') return 0;
  const match = EXTRA_TIME.exec(cell);
  const percent = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(percent) && percent <= MAX_EXTRA_TIME_PERCENT ? percent : null;
}

/** A first row that names the columns rather than a candidate. */
const isHeader = (cells: string[]) => cells[0]?.toLowerCase().replace(/[^a-z]/g, '') === 'email';

/**
 * Reads a company's list of candidates (CSV: email, then an optional name and extra time in
 * percent, one candidate per row) into rows to invite and the problems of every row that is not
 * fit, by the line it starts on: a row is never silently skipped or changed.
 */
export function readInvitationRows(csv: string): { rows: InvitationRow[]; problems: RowProblem[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info: true` each record comes with where it was read; csv-parse's types leave this out.
    records = parse(csv, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = error instanceof CsvError && typeof error.lines === 'number' ? error.lines : 1;
    return { rows: [], problems: [{ line, problem: `cannot be read as CSV (${(error as Error).message})` }] };
  }
  const candidates = records.length > 0 && isHeader(records[0]?.record ?? []) ? records.slice(1) : records;
  if (candidates.length === 0)
    return { rows: [], problems: [{ line: 1, problem: 'there is no candidate in the list' }] };
  if (candidates.length > MAX_BULK_INVITATIONS) {
    return {
      rows: [],
      problems: [
        { line: 1, problem: `the list has ${candidates.length} candidates; at most ${MAX_BULK_INVITATIONS} at once` },
      ],
    };
  }

  const rows: InvitationRow[] = [];
  const problems: RowProblem[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { record, info } of candidates) {
    // csv-parse counts the lines read so far: a row's last line; a quoted newline makes it longer.
    const line = info.lines - (record.join(',').split('\n').length - 1);
    const [email = '', name = '', extra = ''] = record;
    const fault =
      record.length > 3
        ? `has ${record.length} columns; expected email, name and extra time`
        : !emailSchema.safeParse(email).success
          ? `"${email}" is not an email address`
          : !nameSchema.safeParse(name).success
            ? `the name is longer than ${INVITATION_NAME_MAX} characters or holds a NUL character`
            : extraTimeOf(extra) === null
              ? `extra time "${extra}" is not a whole number of percent from 0 to ${MAX_EXTRA_TIME_PERCENT}`
              : firstLineOf.has(email.toLowerCase())
                ? `${email} is also on line ${firstLineOf.get(email.toLowerCase())}`
                : null;
    if (fault) {
      problems.push({ line, problem: fault });
      continue;
    }
    firstLineOf.set(email.toLowerCase(), line);
    rows.push({ line, email, name: name || null, extraTimePercent: extraTimeOf(extra) ?? 0 });
  }
  return { rows, problems };
}
