import { type CandidateSort, type CandidateSummary, SHOWN_STAGE_NAMES } from '@assessment/core';
import { Link } from 'react-router-dom';
import { When } from '../../../components/When.tsx';
import {
  candidateName,
  ratingLabel,
  signalsLabel,
  statusLabel,
  submissionNotes,
  teamRatingLabel,
  VIDEO_LABELS,
} from '../lib/candidate-labels.ts';
import { candidatePath } from '../lib/candidate-neighbours.ts';
import type { CandidateListQuery } from '../lib/candidate-sort.ts';
import { SortableHeader } from './SortableHeader.tsx';

/** A test's candidates, one row each, with the facts a reviewer scans before opening one. */
export function CandidateTable({
  rows,
  busy,
  query,
  onSort,
  signalsNoteId,
  selected,
  onToggleSelected,
  blind,
  listAddress,
}: {
  rows: CandidateSummary[];
  /** These rows stay on screen while another page's are on their way. */
  busy: boolean;
  query: CandidateListQuery;
  onSort: (sort: CandidateSort) => void;
  /** The note that says signals need a human look, read with the signals column. */
  signalsNoteId: string;
  /** The candidates selected, to compare or to move, by session id. */
  selected: readonly string[];
  onToggleSelected: (row: CandidateSummary) => void;
  /** Blind review is on: the server sorts by no name, so the column offers none. */
  blind: boolean;
  /** The list's own address (`writeListQuery`), carried to each candidate's page for its Previous, Next and way back. */
  listAddress: string;
}) {
  return (
    <table className="data-table candidate-table" aria-busy={busy}>
      <caption className="visually-hidden">Candidates, sorted by the column marked as sorted</caption>
      <thead>
        <tr>
          <th scope="col">Select</th>
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
          <th scope="col">Candidate's feedback</th>
          <th scope="col">Came through</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.sessionId}>
            <td>
              <input
                type="checkbox"
                aria-label={`Select ${candidateName(row.fullName, row.blindCode)}`}
                checked={selected.includes(row.sessionId)}
                onChange={() => onToggleSelected(row)}
              />
            </td>
            <th scope="row">
              <Link to={candidatePath(row.sessionId, listAddress)}>{candidateName(row.fullName, row.blindCode)}</Link>
              <span className="cell-detail">{row.email}</span>
              {row.registrationsOfEmail !== null && row.registrationsOfEmail > 1 && (
                <span className="badge badge-warning">Registered {row.registrationsOfEmail} times with this email</span>
              )}
            </th>
            <td>{statusLabel(row)}</td>
            <td>
              <When at={row.startedAt} />
            </td>
            <td>{SHOWN_STAGE_NAMES[row.stage]}</td>
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
            {/* Blind review hides how a candidate came: a personal invitation names them to whoever made it. */}
            <td>{row.blindCode ? '—' : row.invitationId ? 'Personal invitation' : 'Open link'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
