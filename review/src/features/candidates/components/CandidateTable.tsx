import { type CandidateSort, type CandidateSummary, STAGE_NAMES } from '@assessment/core';
import { Link } from 'react-router-dom';
import { When } from '../../../components/When.tsx';
import { MAX_COMPARED } from '../../comparison/lib/compare-selection.ts';
import {
  candidateName,
  ratingLabel,
  STATUS_LABELS,
  signalsLabel,
  submissionNotes,
  teamRatingLabel,
  VIDEO_LABELS,
} from '../lib/candidate-labels.ts';
import type { CandidateListQuery } from '../lib/candidate-sort.ts';
import { SortableHeader } from './SortableHeader.tsx';

/** A test's candidates, one row each, with the facts a reviewer scans before opening one. */
export function CandidateTable({
  rows,
  busy,
  query,
  onSort,
  signalsNoteId,
  compared,
  onToggleCompare,
  blind,
}: {
  rows: CandidateSummary[];
  /** These rows stay on screen while another page's are on their way. */
  busy: boolean;
  query: CandidateListQuery;
  onSort: (sort: CandidateSort) => void;
  /** The note that says signals need a human look, read with the signals column. */
  signalsNoteId: string;
  /** The candidates chosen to compare, in the order chosen. */
  compared: readonly string[];
  onToggleCompare: (sessionId: string) => void;
  /** Blind review is on: the server sorts by no name, so the column offers none. */
  blind: boolean;
}) {
  return (
    <table className="data-table candidate-table" aria-busy={busy}>
      <caption className="visually-hidden">Candidates, sorted by the column marked as sorted</caption>
      <thead>
        <tr>
          <th scope="col">Compare</th>
          {blind ? (
            <th scope="col">Candidate</th>
          ) : (
            <SortableHeader sort="name" query={query} onSort={onSort}>
              Candidate
            </SortableHeader>
          )}
          <SortableHeader sort="status" query={query} onSort={onSort}>
            Status
          </SortableHeader>
          <SortableHeader sort="startedAt" query={query} onSort={onSort}>
            Started
          </SortableHeader>
          <th scope="col">Stage</th>
          <th scope="col">Quiz submitted</th>
          <SortableHeader sort="signals" query={query} onSort={onSort}>
            Signals to review
          </SortableHeader>
          <th scope="col">Video</th>
          <SortableHeader sort="score" query={query} onSort={onSort}>
            Team rating
          </SortableHeader>
          <th scope="col">Their rating</th>
          <th scope="col">Link</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.sessionId}>
            <td>
              <input
                type="checkbox"
                aria-label={`Compare ${candidateName(row.fullName, row.blindCode)}`}
                checked={compared.includes(row.sessionId)}
                disabled={!compared.includes(row.sessionId) && compared.length >= MAX_COMPARED}
                onChange={() => onToggleCompare(row.sessionId)}
              />
            </td>
            <th scope="row">
              <Link to={`/candidates/${encodeURIComponent(row.sessionId)}`}>
                {candidateName(row.fullName, row.blindCode)}
              </Link>
              <span className="cell-detail">{row.email}</span>
            </th>
            <td>{STATUS_LABELS[row.status]}</td>
            <td>
              <When at={row.startedAt} />
            </td>
            <td>{STAGE_NAMES[row.stage]}</td>
            <td>
              <When at={row.submittedAt} />
              {submissionNotes(row).map((note) => (
                <span key={note} className="badge badge-warning">
                  {note}
                </span>
              ))}
            </td>
            <td aria-describedby={signalsNoteId}>{signalsLabel(row.signals)}</td>
            <td>{VIDEO_LABELS[row.video]}</td>
            <td>{teamRatingLabel(row)}</td>
            <td>{ratingLabel(row.stars)}</td>
            <td>{row.invitationId ? 'Personal' : 'Open'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
