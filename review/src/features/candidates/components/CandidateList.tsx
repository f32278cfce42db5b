import { useId, useState } from 'react';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { CompareBar } from '../../comparison/components/CompareBar.tsx';
import { BulkStageForm } from '../../decisions/components/BulkStageForm.tsx';
import { useCandidatePage } from '../hooks/useCandidatePage.ts';
import { candidateName } from '../lib/candidate-labels.ts';
import { sortBy, writeListQuery } from '../lib/candidate-sort.ts';
import { type Selected, toggleSelected } from '../lib/selection.ts';
import { CandidateSearch } from './CandidateSearch.tsx';
import { CandidateTable } from './CandidateTable.tsx';
import { PageControls } from './PageControls.tsx';
import { RecommendationFilter } from './RecommendationFilter.tsx';
import { SilentCandidatesFilter } from './SilentCandidatesFilter.tsx';
import { StageFilter } from './StageFilter.tsx';

/**
 * The candidates of one test: searched, filtered, sortable, a page at a time, with a word on what
 * the signals are; those selected are compared (2 to 4) or moved to a stage together.
 */
export function CandidateList({ testId, blind }: { testId: string; blind: boolean }) {
  const noteId = useId();
  const { query, page, rows, shown, change, nextPage, previousPage, toFirst } = useCandidatePage(testId);
  const [selected, setSelected] = useState<Selected[]>([]);
  const selectedIds = selected.map((one) => one.sessionId);
  return (
    // Busy as a whole only while no other page's rows stand in for the one loading: those rows are
    // busy then, and the page controls' status, which must not be in a busy region, says what comes.
    <section
      className="candidate-list"
      aria-labelledby={`${noteId}-title`}
      aria-busy={page.loading && shown.coming === null}
    >
      <h2 id={`${noteId}-title`} tabIndex={-1}>
        Candidates
      </h2>
      <p id={noteId} className="signals-note">
        Tab switches and pastes are signals that need a human look, not proof of cheating: a candidate may switch tabs
        to re-read the instructions or paste their own notes. Open a candidate to see when each one happened.
      </p>
      <CandidateSearch search={query.search} blind={blind} onSearch={(search) => change({ ...query, search })} />
      <div className="list-filters">
        <StageFilter stage={query.stage} onChange={(stage) => change({ ...query, stage })} />
        <SilentCandidatesFilter silent={query.silent} onChange={(silent) => change({ ...query, silent })} />
        <RecommendationFilter
          recommendation={query.recommendation}
          onChange={(recommendation) => change({ ...query, recommendation })}
        />
      </div>
      {page.error && <LoadProblem message={page.error} onRetry={page.reload} />}
      {page.data && rows.length === 0 && shown.number === 1 && (
        <p>
          {query.search
            ? `No candidate listed with these choices has “${query.search}” in their name or email.`
            : query.stage || query.recommendation || query.silent !== 'hide'
              ? 'No candidate is listed with these choices.'
              : 'No candidate has sent anything for this test yet.'}
        </p>
      )}
      {rows.length > 0 && <CompareBar testId={testId} chosen={selectedIds} />}
      {rows.length > 0 && (
        <CandidateTable
          blind={blind}
          rows={rows}
          busy={shown.coming !== null}
          query={query}
          onSort={(sort) => change(sortBy(query, sort))}
          signalsNoteId={noteId}
          selected={selectedIds}
          onToggleSelected={(row) =>
            setSelected((chosen) =>
              toggleSelected(chosen, {
                sessionId: row.sessionId,
                name: candidateName(row.fullName, row.blindCode),
                stage: row.stage,
              }),
            )
          }
          listAddress={writeListQuery(query).toString()}
        />
      )}
      {/* Shown while the list has loaded, rows or not: a move that empties a filtered page keeps its form and what it said. */}
      {page.data && (
        <BulkStageForm
          testId={testId}
          chosen={selected}
          onMoved={(left) => {
            setSelected(left);
            page.reload();
          }}
        />
      )}
      <PageControls
        shown={shown}
        size={query.size}
        onSize={(size) => change({ ...query, size })}
        previousPage={previousPage}
        toFirst={toFirst}
        nextPage={nextPage}
      />
    </section>
  );
}
