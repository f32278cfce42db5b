import { answerHasContent, type CandidateDetail, type CandidateRatings } from '@assessment/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CandidateRichText } from '../../../components/CandidateRichText.tsx';
import { When } from '../../../components/When.tsx';
import { candidateName, ratingLabel, signalsLabel, VIDEO_LABELS } from '../../candidates/lib/candidate-labels.ts';
import { comparedRecommendation, comparedScores } from '../lib/compared-ratings.ts';
import { ComparedScores } from './ComparedScores.tsx';

/** A compared candidate: what they sent, and the team's ratings as the reviewer may see them. */
export interface Compared {
  detail: CandidateDetail;
  ratings: CandidateRatings;
}

const nameOf = ({ detail }: Compared) => candidateName(detail.registration?.fullName, detail.blind?.code);
const pageOf = ({ detail }: Compared, section = '') => `/candidates/${encodeURIComponent(detail.sessionId)}${section}`;

/** One row: what it shows, then each candidate's, in the order they were chosen. */
function Row({
  header,
  candidates,
  cell,
}: {
  header: ReactNode;
  candidates: Compared[];
  cell: (candidate: Compared) => ReactNode;
}) {
  return (
    <tr>
      <th scope="row">{header}</th>
      {candidates.map((candidate) => (
        <td key={candidate.detail.sessionId}>{cell(candidate)}</td>
      ))}
    </tr>
  );
}

/**
 * Candidates of one test side by side: one column each, one row per question with every answer
 * and its scores in it, then the signals, the video (one click to it on the candidate's page), the
 * recommendations and the candidate's own rating of the assessment.
 */
export function CandidateComparison({ candidates }: { candidates: Compared[] }) {
  const questions = candidates[0]?.detail.questions ?? [];
  return (
    <div className="comparison-scroll">
      <table className="data-table comparison-table">
        <caption className="visually-hidden">Candidates side by side, one column each</caption>
        <thead>
          <tr>
            <td />
            {candidates.map((candidate) => (
              <th key={candidate.detail.sessionId} scope="col">
                <Link to={pageOf(candidate)}>{nameOf(candidate)}</Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <Row
            header="Quiz submitted"
            candidates={candidates}
            cell={({ detail }) => <When at={detail.answers?.submittedAt ?? null} />}
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
              cell={({ detail, ratings }) => {
                const nodes = detail.answers?.trees[index];
                return (
                  <>
                    {nodes && answerHasContent(nodes) ? (
                      <CandidateRichText nodes={nodes} className="candidate-html" />
                    ) : (
                      <span className="muted">No answer.</span>
                    )}
                    <ComparedScores scores={comparedScores(ratings, index + 1)} />
                  </>
                );
              }}
            />
          ))}
          <Row header="Signals to review" candidates={candidates} cell={({ detail }) => signalsLabel(detail.signals)} />
          <Row
            header="Video"
            candidates={candidates}
            cell={(candidate) => (
              <>
                {candidate.detail.video ? (
                  <Link to={pageOf(candidate, '#video')}>Watch {nameOf(candidate)}’s video</Link>
                ) : (
                  VIDEO_LABELS[candidate.detail.noVideo ? 'skipped' : 'none']
                )}
                <ComparedScores scores={comparedScores(candidate.ratings, 'video')} />
              </>
            )}
          />
          <Row
            header="Recommendation"
            candidates={candidates}
            cell={(candidate) => {
              const { mine, team } = comparedRecommendation(candidate.ratings);
              return candidate.ratings.mine ? (
                <>
                  You: {mine}
                  {team && <p className="compared-team">Team: {team}</p>}
                </>
              ) : (
                <>
                  {mine}
                  {candidate.ratings.rubric.version !== null && (
                    <p>
                      <Link to={pageOf(candidate, '#ratings')}>Rate {nameOf(candidate)}</Link> to see the team's.
                    </p>
                  )}
                </>
              );
            }}
          />
          <Row
            header="Candidate's feedback on the assessment"
            candidates={candidates}
            cell={({ detail }) => ratingLabel(detail.feedback?.stars ?? null)}
          />
        </tbody>
      </table>
    </div>
  );
}
