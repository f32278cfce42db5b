import type { AccessAction, AccessRole } from '@assessment/core';

/** What each kind of look was, as an admin reads it in the access log. */
export const ACCESS_ACTION_NAMES: Record<AccessAction, string> = {
  opened: 'Opened the candidate',
  video: 'Played or downloaded the video',
  csv: 'Downloaded the CSV',
  export: 'Exported the records',
  changed: 'Changed the review',
  revealed: 'Revealed the candidate in a blind review: name, email, video',
  listed: 'Saw the candidate in the list of candidates',
  'listed-invitation': 'Saw the invitation in the list of invitations',
  'listed-message': 'Saw the email address in the list of messages',
  status: "Read the test's status, score and progress (Greenhouse's test_status)",
  'listed-log': 'Saw the name in the access log',
};

export const ACCESS_ROLE_NAMES: Record<AccessRole, string> = {
  admin: 'Admin',
  reviewer: 'Reviewer',
  ats: 'Greenhouse, with a key of the company',
  operator: 'Operator of the service',
};
