import { answerHasContent, type CandidateDetail } from '@assessment/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CandidateRichText } from '../../../components/CandidateRichText.tsx';
import { When } from '../../../components/When.tsx';
import { candidateName, ratingLabel, signalsLabel, VIDEO_LABELS } from '../../candidates/lib/candidate-labels.ts';

const nameOf = (candidate: CandidateDetail) => candidateName(candidate.registration?.fullName, candidate.blind?.code);

/** One row: what it shows, then each candidate's, in the order they were chosen. */
function Row({
  header,
  candidates,
  cell,
}: {
  header: ReactNode;
  candidates: CandidateDetail[];
  cell: (candidate: CandidateDetail) => ReactNode;
}) {
  return (
    <tr>
      <th scope="row">{header}</th>
      {candidates.map((candidate) => (
        <td key={candidate.sessionId}>{cell(candidate)}</td>
      ))}
    </tr>
  );
}

/**
 * Candidates of one test side by side: one column each, one row per question with every answer
 * in it, then the signals, the video (one click to it on the candidate's page) and their rating.
 */
export function CandidateComparison({ candidates }: { candidates: CandidateDetail[] }) {
  const questions = candidates[0]?.questions ?? [];
  return (
    <div className="comparison-scroll">
      <table className="data-table comparison-table">
        <caption className="visually-hidden">Candidates side by side, one column each</caption>
        <thead>
          <tr>
            <td />
            {candidates.map((candidate) => (
              <th key={candidate.sessionId} scope="col">
                <Link to={`/candidates/${encodeURIComponent(candidate.sessionId)}`}>{nameOf(candidate)}</Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <Row
            header="Quiz submitted"
            candidates={candidates}
            cell={(candidate) => <When at={candidate.answers?.submittedAt ?? null} />}
          />
          {questions.map(([title = ''], index) => (
            <Row
              key={title}
              header={
                <>
                  <span className="comparison-question">Question {index + 1}</span> {title}
                </>
              }
              candidates={candidates}
              cell={(candidate) => {
                const nodes = candidate.answers?.trees[index];
                return nodes && answerHasContent(nodes) ? (
                  <CandidateRichText nodes={nodes} className="candidate-html" />
                ) : (
                  <span className="muted">No answer.</span>
                );
              }}
            />
          ))}
          <Row
            header="Signals to review"
            candidates={candidates}
            cell={(candidate) => signalsLabel(candidate.signals)}
          />
          <Row
            header="Video"
            candidates={candidates}
            cell={(candidate) =>
              candidate.video ? (
                <Link to={`/candidates/${encodeURIComponent(candidate.sessionId)}#video`}>
                  Watch {nameOf(candidate)}’s video
                </Link>
              ) : (
                VIDEO_LABELS[candidate.noVideo ? 'skipped' : 'none']
              )
            }
          />
          <Row
            header="Their rating of the assessment"
            candidates={candidates}
            cell={(candidate) => ratingLabel(candidate.feedback?.stars ?? null)}
          />
        </tbody>
      </table>
    </div>
  );
}
