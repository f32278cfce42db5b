import { isTaggedWith } from '../spec-names.ts';
import { type KeyValueStorage, safeRead } from '../store/safe-storage.ts';

/**
 * The quiz clock. The time left is always worked out from the wall clock and the stored start,
 * never counted down tick by tick, so a throttled background tab, a sleeping laptop or a reload can
 * neither pause it nor make it drift. The quiz's countdown and the shell's "Welcome back" both
 * read it from here.
 */
export const MINUTE_MS = 60_000;

export function deadlineOf(startTime: number, timeLimitInMinute: number): number {
  return startTime + timeLimitInMinute * MINUTE_MS;
}

/**
 * Time left at `now`, between zero and the whole limit: a clock set back before the start
 * cannot hand out more time than the test allows.
 */
export function remainingMs(deadline: number, timeLimitInMinute: number, now: number): number {
  return Math.max(0, Math.min(timeLimitInMinute * MINUTE_MS, deadline - now));
}

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
    const stored: unknown = JSON.parse(raw);
    if (!isTaggedWith(stored, sessionId)) return null;
    const { startedAt } = stored as { startedAt?: unknown };
    return typeof startedAt === 'number' && Number.isFinite(startedAt) ? startedAt : null;
  } catch {
    return null;
  }
}
