import type { TestDefinition } from '@assessment/core';
import { InvitationNotice } from './InvitationNotice.tsx';

/**
 * A personal link started by a browser that cannot prove it now: another browser, or this one once
 * what it kept of the assessment was cleared, or replaced after it was finished (unfinished ones
 * are set aside, `earlierSessions` in shared/react/src/store/earlier-sessions.ts).
 */
export function LinkInUse({ test }: { test: TestDefinition }) {
  return (
    <InvitationNotice title="This invitation link is already in use">
      <p>
        This personal invitation link was already used to start the {test.companyName} assessment, in another browser,
        or in this one before what it kept of the assessment was cleared. A personal link works in one browser only, so
        that nobody else can take the assessment in your place.
      </p>
      <h2>What you can do</h2>
      <ul>
        <li>
          If you started the assessment yourself, go back to the browser and computer where you started it and open the
          same link there. You continue where you left off: your answers and your timer are kept there.
        </li>
        <li>If you have already finished this assessment, there is nothing more to do: your answers were sent.</li>
        <li>
          If you cannot use that browser any more, or you did not start this assessment, ask the {test.companyName}{' '}
          hiring team who sent you the link for a new one.
        </li>
      </ul>
    </InvitationNotice>
  );
}
