import { useAnsweredFlags } from './hooks/useAnsweredFlags.ts';
import type { QuestionNumber, QuizView } from './lib/quiz-progress.ts';

interface QuizRailProps {
  view: QuizView;
  onOpen: (view: QuizView) => void;
}

const QUESTIONS: QuestionNumber[] = [0, 1, 2];

function InstructionsIcon() {
  return (
    <svg className="quiz-rail-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M10 1.5a8.5 8.5 0 110 17 8.5 8.5 0 010-17zm0 1.8a6.7 6.7 0 100 13.4 6.7 6.7 0 000-13.4zM11 8.5V15H9V8.5zM10 5a1.2 1.2 0 110 2.4A1.2 1.2 0 0110 5z" />
    </svg>
  );
}

/** The left rail: the question list, the instructions and each question. */
export function QuizRail({ view, onOpen }: QuizRailProps) {
  const answered = useAnsweredFlags();
  const current = (target: QuizView) => (view === target ? 'page' : undefined);
  return (
    <nav className="quiz-rail" aria-label="Quiz navigation">
      <ul>
        <li>
          <button
            type="button"
            className="quiz-rail-button"
            aria-label="All questions"
            aria-current={current('all')}
            onClick={() => onOpen('all')}
          >
            ALL
          </button>
        </li>
        <li>
          <button
            type="button"
            className="quiz-rail-button"
            aria-label="Instructions"
            title="Instructions"
            aria-current={current('instructions')}
            onClick={() => onOpen('instructions')}
          >
            <InstructionsIcon />
          </button>
        </li>
        {QUESTIONS.map((index) => (
          <li key={index}>
            <button
              type="button"
              className={answered[index] ? 'quiz-rail-button is-answered' : 'quiz-rail-button'}
              aria-label={`Question ${index + 1}${answered[index] ? ', answered' : ''}`}
              aria-current={current(index)}
              onClick={() => onOpen(index)}
            >
              {index + 1}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
