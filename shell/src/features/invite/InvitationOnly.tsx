import type { TestDefinition } from '@assessment/core';
import { InvitationNotice } from './InvitationNotice.tsx';

/** The open link (the bare test id) of a test whose hiring company takes candidates by personal invitation only. */
export function InvitationOnly({ test }: { test: TestDefinition }) {
  return (
    <InvitationNotice title="This assessment is by personal invitation only">
      <p>
        {test.companyName} sends each candidate for the {test.roleName} role a personal invitation link. The link you
        opened is the general link of this assessment, which {test.companyName} no longer accepts.
      </p>
      <h2>What you can do</h2>
      <ul>
        <li>
          If you were invited, open the personal link from your invitation exactly as you received it. It is longer than
          this one.
        </li>
        <li>If you cannot find your personal link, ask the {test.companyName} hiring team to send it again.</li>
      </ul>
    </InvitationNotice>
  );
}
