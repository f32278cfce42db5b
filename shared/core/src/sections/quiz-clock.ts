import { type KeyValueStorage, safeRead } from '../store/safe-storage.ts';

/**
 * Where the quiz keeps its progress in the browser (remote-quiz/src/quiz/lib/quiz-progress.ts
 * writes it). Besides the quiz, the shell reads one thing from it: when the candidate started the
 * quiz's clock, to tell a candidate who comes back how much time is left.
 */
export const QUIZ_PROGRESS_KEY = 'quizProgress';

/** When this session's quiz clock started (this browser's clock), or null before Start the quiz. */
export function quizStartOf(storage: KeyValueStorage | undefined, sessionId: string): number | null {
  const raw = safeRead(storage, QUIZ_PROGRESS_KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { unique?: unknown; startedAt?: unknown };
    return stored.unique === sessionId && typeof stored.startedAt === 'number' && Number.isFinite(stored.startedAt)
      ? stored.startedAt
      : null;
  } catch {
    return null;
  }
}
