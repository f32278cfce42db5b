import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading.tsx';

/** An address that is no review view, or a test or candidate that is not this company's. */
export function NotFoundRoute({ what = 'page' }: { what?: string }) {
  return (
    <>
      <PageHeading title={`No such ${what}`} />
      <p>There is no such {what} among your company's tests and candidates.</p>
      <Link to="/">Back to your tests</Link>
    </>
  );
}
