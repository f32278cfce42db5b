import type { TestDefinition } from '@assessment/core';
import { InvitationNotice } from './InvitationNotice.tsx';

/** A personal link opened in a browser other than the one that started the assessment with it. */
export function LinkInUse({ test }: { test: TestDefinition }) {
  return (
    <InvitationNotice title="This invitation link is already in use">
      <p>
        This personal invitation link was already used to start the {test.companyName} assessment in another browser. A
        personal link works in one browser only, so that nobody else can take the assessment in your place.
      </p>
      <h2>What you can do</h2>
      <ul>
        <li>
          If you started the assessment yourself, go back to the browser and computer where you started it and open the
          same link there. You continue where you left off: your answers and your timer are kept there.
        </li>
        <li>
          If you cannot use that browser any more, or you did not start this assessment, ask the {test.companyName}{' '}
          hiring team who sent you the link for a new one.
        </li>
      </ul>
    </InvitationNotice>
  );
}
