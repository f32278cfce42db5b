import { useSignedIn } from '../../../api/session.tsx';
import { SecondFactorForm } from './SecondFactorForm.tsx';

/** Turning two-factor sign-in off, with a code of the second factor (`SecondFactorForm`). */
export function TurnOffTwoFactor({ onOff }: { onOff: () => void }) {
  const { calls } = useSignedIn();
  return (
    <SecondFactorForm
      label="Code to turn it off"
      action="Turn off two-factor sign-in"
      danger
      onSubmit={async (code) => {
        await calls.turnOffTwoFactor(code);
        onOff();
      }}
    />
  );
}
