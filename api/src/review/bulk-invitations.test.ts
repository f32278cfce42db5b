import { MAX_BULK_INVITATIONS } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { readInvitationRows } from './bulk-invitations.ts';

describe('readInvitationRows', () => {
  it('reads email, name and extra time, skipping a header and empty lines, by the line each starts on', () => {
    const csv =
      '\uFEFFEmail,Name,Extra time\nada@mail.example,Ada Lovelace,50\n\n grace@mail.example , "Hopper, Grace\nRear Admiral", +25 %\nalan@mail.example\n';
    expect(readInvitationRows(csv)).toEqual({
      rows: [
        { line: 2, email: 'ada@mail.example', name: 'Ada Lovelace', extraTimePercent: 50 },
        { line: 4, email: 'grace@mail.example', name: 'Hopper, Grace\nRear Admiral', extraTimePercent: 25 },
        { line: 6, email: 'alan@mail.example', name: null, extraTimePercent: 0 },
      ],
      problems: [],
    });
  });

  it('names every row that is not fit, and why, and keeps the others apart', () => {
    const csv = [
      'ada@mail.example,Ada',
      'not-an-email,Bob',
      'carol@mail.example,Carol,150',
      'dan@mail.example,Dan,10,extra',
      'ADA@mail.example,Ada again',
      'erin@mail.example,Erin,half',
    ].join('\n');
    const { rows, problems } = readInvitationRows(csv);
    expect(rows.map((row) => row.email)).toEqual(['ada@mail.example']);
    expect(problems).toEqual([
      { line: 2, problem: '"not-an-email" is not an email address' },
      { line: 3, problem: 'extra time "150" is not a whole number of percent from 0 to 100' },
      { line: 4, problem: 'has 4 columns; expected email, name and extra time' },
      { line: 5, problem: 'ADA@mail.example is also on line 1' },
      { line: 6, problem: 'extra time "half" is not a whole number of percent from 0 to 100' },
    ]);
  });

  it('refuses an empty list, one too long, and text that is not CSV', () => {
    expect(readInvitationRows('email,name\n\n').problems).toEqual([
      { line: 1, problem: 'there is no candidate in the list' },
    ]);
    const many = Array.from({ length: MAX_BULK_INVITATIONS + 1 }, (_, index) => `c${index}@mail.example`).join('\n');
    expect(readInvitationRows(many).problems).toEqual([
      {
        line: 1,
        problem: `the list has ${MAX_BULK_INVITATIONS + 1} candidates; at most ${MAX_BULK_INVITATIONS} at once`,
      },
    ]);
    const [unclosed] = readInvitationRows('ada@mail.example\n"bob@mail.example,Bob\n').problems;
    expect(unclosed?.problem).toMatch(/^cannot be read as CSV \(Quote Not Closed/);
  });
});
