import { useReviewSession, useSignedIn } from '../../../api/session.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { TwoFactorSetup } from './TwoFactorSetup.tsx';

/**
 * In place of every view while the company requires two-factor sign-in and the reviewer has not
 * set it up: the server refuses everything else until then. Once the recovery codes are kept, the
 * view the address names opens.
 */
export function TwoFactorRequiredPage() {
  const { me } = useSignedIn();
  const { refresh } = useReviewSession();
  return (
    <>
      <PageHeading title="Set up two-factor sign-in" />
      <p className="notice">
        {me.company.companyName} requires two-factor sign-in for its review page. Set it up to go on; it takes a minute.
      </p>
      <TwoFactorSetup onDone={() => void refresh()} />
    </>
  );
}
