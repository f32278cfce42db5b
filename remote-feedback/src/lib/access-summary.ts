import type { AccessAction, AccessRole, MyAccess } from '@assessment/core';

/** How a server time reads in the list of looks: a date and a time, as looks come on later days. */
export type DateTimeFormat = (at: number) => string;

const ROLE_NAMES: Record<AccessRole, { one: string; many: string; a: string }> = {
  admin: { one: 'admin', many: 'admins', a: 'An admin' },
  reviewer: { one: 'reviewer', many: 'reviewers', a: 'A reviewer' },
  ats: {
    one: 'applicant-tracking system',
    many: 'applicant-tracking systems',
    a: "The company's applicant-tracking system (Greenhouse)",
  },
  operator: { one: 'operator of the service', many: 'operators of the service', a: 'The operator of the service' },
};

const ACTIONS: Record<AccessAction, string> = {
  opened: 'opened your submission',
  video: 'played your video',
  csv: 'downloaded the list of candidates, which includes you',
  export: 'exported the records, which include yours',
  changed: 'changed your invitation or the review of your submission',
  revealed: 'revealed who you are in a blind review: your name, email and video',
  listed: 'saw your entry in the list of candidates',
  'listed-invitation': 'saw your invitation in the list of invitations',
  'listed-message': 'saw your email address in the list of messages sent',
  status: 'read where your assessment stands, its score and which sections you finished',
  'listed-log': "saw your name in the company's access log",
};

/**
 * Who has looked at the candidate's data, in their words: how many people of each role. Not only
 * at the submission: a look at their personal invitation (in the list of invitations, or a change
 * to it before they used it) is theirs too (api/src/privacy/access-records.ts).
 */
export function accessHeadline(access: MyAccess, companyName: string): string {
  const counts = (Object.keys(ROLE_NAMES) as AccessRole[])
    .filter((role) => access.people[role] > 0)
    .map((role) => {
      const count = access.people[role];
      return `${count} ${count === 1 ? ROLE_NAMES[role].one : ROLE_NAMES[role].many}`;
    });
  if (counts.length === 0) return `No one at ${companyName} has looked at your data yet.`;
  const listed = counts.length === 1 ? counts[0] : `${counts.slice(0, -1).join(', ')} and ${counts.at(-1)}`;
  return `Looked at so far by ${listed}.`;
}

/** Each look, newest first: when, as what role, and what they did. Never who. */
export function accessLines(access: MyAccess, dateTime: DateTimeFormat): string[] {
  return access.looks.map(
    (look) => `${dateTime(Date.parse(look.at))}: ${ROLE_NAMES[look.role].a} ${ACTIONS[look.action]}.`,
  );
}
