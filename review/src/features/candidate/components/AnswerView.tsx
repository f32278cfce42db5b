import { type AnswerNodeInput, answerHasContent } from '@assessment/core';
import { CandidateRichText } from '../../../components/CandidateRichText.tsx';

/** One question as the candidate saw it, with their answer beside it. */
export function AnswerView({
  number,
  question,
  nodes,
}: {
  number: number;
  question: string[];
  nodes: readonly AnswerNodeInput[] | null;
}) {
  const [title, ...prompts] = question;
  const headingId = `question-${number}-title`;
  return (
    <article className="answer-view" aria-labelledby={headingId}>
      <div className="answer-question">
        <h3 id={headingId}>Question {number}</h3>
        <p>{title}</p>
        {prompts.length > 0 && (
          <ul>
            {prompts.map((prompt) => (
              <li key={prompt}>{prompt}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="answer-text">
        <h4>Answer</h4>
        {nodes !== null && answerHasContent(nodes) ? (
          <CandidateRichText nodes={nodes} className="candidate-html" />
        ) : (
          <p className="muted">No answer.</p>
        )}
      </div>
    </article>
  );
}
