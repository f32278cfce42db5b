import { testExportUrl } from '../../../api/review-api.ts';

/** The same CSV as the operator's export command, for this test only. */
export function CsvDownloadLink({ testId }: { testId: string }) {
  return (
    <a className="button" href={testExportUrl(testId)} download={`${testId}-candidates.csv`}>
      Download CSV
    </a>
  );
}
