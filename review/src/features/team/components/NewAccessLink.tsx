import type { AccessLinkMade } from '@assessment/core';
import { CopyField } from '../../../components/CopyField.tsx';
import { When } from '../../../components/When.tsx';
import { accessLinkOf } from '../lib/team-labels.ts';

/** A teammate's new link, shown this once: only its hash is kept, so it cannot be shown again. */
export function NewAccessLink({ made }: { made: AccessLinkMade }) {
  return (
    <div className="new-access-link">
      <p>
        Send this link to {made.teammate.name} ({made.teammate.email}). It lets them set a password, once, until{' '}
        <When at={made.expiresAt} />. It is shown only now.
        {made.emailed && ' It is on its way to them by email too.'}
      </p>
      <CopyField label={`Link for ${made.teammate.name} to set a password`} value={accessLinkOf(made.secret)} />
    </div>
  );
}
