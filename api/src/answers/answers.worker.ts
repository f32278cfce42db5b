import { runInBackground } from './background-priority.ts';
import { type AnswersCheck, checkAnswersBody, cleanAnswers, type ThreeAnswers } from './clean-answers.ts';

// A hostile answer may keep this thread busy; the thread that answers everyone else goes first.
runInBackground();

/** A task of the answers pool (`answers-checker.ts`): a whole body, or answers already validated. */
export type AnswersTask = { body: Uint8Array } | { answers: ThreeAnswers };
export type AnswersTaskResult = AnswersCheck | { ok: true; answers: ThreeAnswers };

export default function checkAnswers(task: AnswersTask): AnswersTaskResult {
  if ('body' in task) return checkAnswersBody(task.body);
  const cleaned = cleanAnswers(task.answers);
  return 'error' in cleaned ? { ok: false, ...cleaned } : { ok: true, answers: cleaned.answers };
}
