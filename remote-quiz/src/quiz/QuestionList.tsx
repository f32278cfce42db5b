import type { TestDefinition } from '@assessment/core';
import { useAnsweredFlags } from './hooks/useAnsweredFlags.ts';
import type { QuestionNumber } from './lib/quiz-progress.ts';

interface QuestionListProps {
  test: TestDefinition;
  visited: readonly boolean[];
  onSolve: (index: QuestionNumber) => void;
  onComplete: () => void;
}

/** The ALL view: every question with its Solve button, and Complete at the bottom. */
export function QuestionList({ test, visited, onSolve, onComplete }: QuestionListProps) {
  const answered = useAnsweredFlags().filter(Boolean).length;
  return (
    <div className="quiz-list">
      <h2 className="quiz-view-title" tabIndex={-1}>
        All questions
      </h2>
      <table className="quiz-table">
        <thead>
          <tr>
            <th scope="col">QUESTIONS</th>
            <th scope="col">ACTION</th>
          </tr>
        </thead>
        <tbody>
          {test.questions.slice(0, 3).map((question, i) => {
            const index = i as QuestionNumber;
            return (
              <tr key={question[0]}>
                <td>{question[0]}</td>
                <td>
                  <button
                    type="button"
                    className={visited[index] ? 'button quiz-solve is-visited' : 'button quiz-solve'}
                    aria-label={`Solve question ${index + 1}${visited[index] ? ', opened before' : ''}`}
                    onClick={() => onSolve(index)}
                  >
                    Solve
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="quiz-complete">
        <p>
          You have answered {answered} of {test.questionCount} questions. Complete submits your answers and takes you to
          the video introduction.
        </p>
        <button type="button" className="button button-primary" onClick={onComplete}>
          Complete
        </button>
      </div>
    </div>
  );
}
