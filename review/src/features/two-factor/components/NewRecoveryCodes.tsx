import { useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { SecondFactorForm } from './SecondFactorForm.tsx';

/**
 * New recovery codes in place of the old ones, used or not, for a reviewer whose codes ran low or
 * may have been seen; shown once, as at set-up.
 */
export function NewRecoveryCodes({ onKept }: { onKept: () => void }) {
  const { calls } = useSignedIn();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) {
    const kept = () => {
      setCodes(null);
      onKept();
    };
    return <RecoveryCodes codes={codes} replaced onKept={kept} />;
  }
  return (
    <SecondFactorForm
      label="Code for new recovery codes"
      action="Make new recovery codes"
      onSubmit={async (code) => setCodes((await calls.newRecoveryCodes(code)).recoveryCodes)}
    />
  );
}
