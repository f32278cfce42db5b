import type { MyAccess } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { accessHeadline, accessLines } from './access-summary.ts';

const dateTime = (at: number) => new Date(at).toISOString().slice(0, 16).replace('T', ' ');

describe('accessHeadline', () => {
  it('says no one has looked yet while no look is on record', () => {
    expect(accessHeadline({ looks: [], people: { admin: 0, reviewer: 0, ats: 0, operator: 0 } }, 'Lumenvault')).toBe(
      'No one at Lumenvault has looked at your data yet.',
    );
  });

  it('counts the people of each role, in words', () => {
    expect(accessHeadline({ looks: [], people: { admin: 1, reviewer: 2, ats: 0, operator: 0 } }, 'Lumenvault')).toBe(
      'Looked at so far by 1 admin and 2 reviewers.',
    );
    expect(accessHeadline({ looks: [], people: { admin: 2, reviewer: 1, ats: 0, operator: 1 } }, 'Lumenvault')).toBe(
      'Looked at so far by 2 admins, 1 reviewer and 1 operator of the service.',
    );
    expect(accessHeadline({ looks: [], people: { admin: 1, reviewer: 0, ats: 1, operator: 0 } }, 'Lumenvault')).toBe(
      'Looked at so far by 1 admin and 1 applicant-tracking system.',
    );
  });
});

describe('accessLines', () => {
  it('tells each look with its time, its role and what was done, never a name', () => {
    const access: MyAccess = {
      looks: [
        { at: '2030-01-03T10:06:00.000Z', role: 'reviewer', action: 'revealed' },
        { at: '2030-01-03T10:05:00.000Z', role: 'reviewer', action: 'video' },
        { at: '2030-01-03T10:00:00.000Z', role: 'admin', action: 'opened' },
        { at: '2030-01-03T09:58:00.000Z', role: 'admin', action: 'listed' },
        { at: '2030-01-02T08:00:00.000Z', role: 'operator', action: 'export' },
        { at: '2030-01-01T12:00:00.000Z', role: 'reviewer', action: 'listed-invitation' },
        { at: '2030-01-01T11:00:00.000Z', role: 'ats', action: 'status' },
      ],
      people: { admin: 1, reviewer: 1, ats: 0, operator: 1 },
    };
    expect(accessLines(access, dateTime)).toEqual([
      '2030-01-03 10:06: A reviewer revealed who you are in a blind review: your name, email and video.',
      '2030-01-03 10:05: A reviewer played your video.',
      '2030-01-03 10:00: An admin opened your submission.',
      '2030-01-03 09:58: An admin saw your entry in the list of candidates.',
      '2030-01-02 08:00: The operator of the service exported the records, which include yours.',
      '2030-01-01 12:00: A reviewer saw your invitation in the list of invitations.',
      "2030-01-01 11:00: The company's applicant-tracking system (Greenhouse) read where your assessment stands, its score and which sections you finished.",
    ]);
  });
});
