import { describe, expect, it } from 'vitest';
import { cellText, type FigureTable, tableCsv } from './insight-tables.ts';

describe('a figure table as text and CSV', () => {
  it('writes counts, minutes and shares as the table shows them, and hidden ones in words', () => {
    expect(cellText({ kind: 'count', value: 12 })).toBe('12');
    expect(cellText({ kind: 'minutes', value: 90_000 / 60_000 })).toBe('1.5');
    expect(cellText({ kind: 'percent', value: 37.5 })).toBe('38');
    expect(cellText({ kind: 'count', value: null })).toBe('fewer than 5');
  });

  it('writes one line per row under its header, quoting commas and keeping a formula as text', () => {
    const table: FigureTable = {
      name: 'browsers',
      title: 'Browsers',
      columns: ['Browser', 'Candidates'],
      rows: [
        { label: 'Sent a video, or went on without one', cells: [{ kind: 'count', value: 7 }] },
        { label: '=HYPERLINK("x")', cells: [{ kind: 'count', value: null }] },
      ],
      charted: [0],
    };
    expect(tableCsv(table)).toBe(
      'Browser,Candidates\r\n"Sent a video, or went on without one",7\r\n"\'=HYPERLINK(""x"")",fewer than 5\r\n',
    );
  });
});
