import { testExportUrl } from '../../../api/review-api.ts';

/** The same CSV as the operator's export command, for this test only; none while blind review hides names. */
export function CsvDownloadLink({ testId, blind }: { testId: string; blind: boolean }) {
  if (blind) return <p>Blind review is on: the CSV would show every candidate's name. An admin turns it off first.</p>;
  return (
    <a className="button" href={testExportUrl(testId)} download={`${testId}-candidates.csv`}>
      Download CSV
    </a>
  );
}
