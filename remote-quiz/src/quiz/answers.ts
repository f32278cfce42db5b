/** How the quiz keeps one question's answer as it is typed: its session slice and the autosave into it. */
export { useAnswerAutosave } from './hooks/useAnswerAutosave.ts';
export { createDraftRegistry, type DraftRegistry } from './lib/draft-registry.ts';
export { quizSession } from './quiz-session.ts';
