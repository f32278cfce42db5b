import { CandidateHtml } from '../../../components/CandidateHtml.tsx';
import { hasAnswerContent } from '../lib/answer-content.ts';

/** One question as the candidate saw it, with their answer beside it. */
export function AnswerView({ number, question, html }: { number: number; question: string[]; html: string | null }) {
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
        {html !== null && hasAnswerContent(html) ? (
          <CandidateHtml html={html} className="candidate-html" />
        ) : (
          <p className="muted">No answer.</p>
        )}
      </div>
    </article>
  );
}
