import { testExportUrl } from '../../../api/review-api.ts';

/**
 * The test's CSV for a spreadsheet, as this reviewer may see it (blind review and their own
 * ratings decide, as on the page): the candidates the list shows by default, or every one of them.
 */
export function CsvDownloadLink({ testId }: { testId: string }) {
  return (
    <>
      <p>
        <a className="button" href={testExportUrl(testId)} download={`${testId}-candidates.csv`}>
          Download CSV
        </a>{' '}
        <a className="button" href={testExportUrl(testId, true)} download={`${testId}-all-candidates.csv`}>
          Download CSV with every candidate
        </a>
      </p>
      <p className="field-hint">
        The first holds the candidates the list shows by default; the second also those who registered and sent nothing
        since. Each row has the answers as plain text, the stage, your team's notes counted, its recommendations and its
        mean score for each criterion of the rubric, as far as you may see them here.
      </p>
    </>
  );
}
