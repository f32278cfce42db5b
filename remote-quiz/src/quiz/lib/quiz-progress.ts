import {
  emptyProctoring,
  isTaggedWith,
  type KeyValueStorage,
  type ProctoringRecord,
  proctoringSchema,
  QUIZ_PROGRESS_KEY,
  safeRead,
  storedSessionTag,
  writeSessionItem,
} from '@assessment/core';

/**
 * What the quiz keeps beside the session's `answers`: which questions were opened, where the
 * candidate was, whether they already submitted, and the proctoring record. It belongs to one
 * session (tagged with it: `storedSessionTag`), so a new invitation starts afresh. Its key is shared
 * (`QUIZ_PROGRESS_KEY`): the shell reads the clock's start from it for a candidate who comes back.
 */

export type QuestionNumber = 0 | 1 | 2;
export type QuizView = 'all' | 'instructions' | QuestionNumber;

export interface QuizProgress {
  /**
   * When the candidate pressed Start the quiz (this browser's clock): the countdown runs from it.
   * Null while they read the instructions, which show the whole limit.
   */
  startedAt: number | null;
  visited: [boolean, boolean, boolean];
  view: QuizView;
  completed: boolean;
  proctoring: ProctoringRecord;
}

export function freshProgress(): QuizProgress {
  // The instructions come first: they disclose what is recorded before the candidate starts.
  return {
    startedAt: null,
    visited: [false, false, false],
    view: 'instructions',
    completed: false,
    proctoring: emptyProctoring(),
  };
}

function isView(value: unknown): value is QuizView {
  return value === 'all' || value === 'instructions' || value === 0 || value === 1 || value === 2;
}

function isVisited(value: unknown): value is [boolean, boolean, boolean] {
  return Array.isArray(value) && value.length === 3 && value.every((v) => typeof v === 'boolean');
}

export function readProgress(storage: KeyValueStorage | undefined, sessionId: string): QuizProgress {
  const raw = safeRead(storage, QUIZ_PROGRESS_KEY);
  if (!raw) return freshProgress();
  let stored: Record<string, unknown>;
  try {
    stored = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return freshProgress();
  }
  if (!isTaggedWith(stored, sessionId)) return freshProgress();
  const fresh = freshProgress();
  const proctoring = proctoringSchema.safeParse(stored.proctoring);
  return {
    startedAt: typeof stored.startedAt === 'number' && Number.isFinite(stored.startedAt) ? stored.startedAt : null,
    visited: isVisited(stored.visited) ? stored.visited : fresh.visited,
    view: isView(stored.view) ? stored.view : fresh.view,
    completed: stored.completed === true,
    proctoring: proctoring.success ? proctoring.data : fresh.proctoring,
  };
}

/**
 * A quiz under way from before the start button was kept (a question opened, no `startedAt`)
 * keeps the clock it had: from the agree on the landing page.
 */
export function withClockOfOlderPage(progress: QuizProgress, agreedAt: number): QuizProgress {
  const underWay = progress.view !== 'instructions' || progress.visited.some(Boolean) || progress.completed;
  return progress.startedAt === null && underWay ? { ...progress, startedAt: agreedAt } : progress;
}

/**
 * The proctoring record as a save sends it: with when the quiz was started, on the clock its
 * times are on, so a reviewer counts them from Start the quiz and not from the agree before the
 * instructions. A start the server would refuse (storage edited by hand) is left out rather than
 * have the whole save, answers and all, refused.
 */
export function proctoringToSend({
  startedAt,
  proctoring,
}: Pick<QuizProgress, 'startedAt' | 'proctoring'>): ProctoringRecord {
  const start = proctoringSchema.shape.startedAt.safeParse(startedAt);
  return start.success && start.data !== undefined ? { ...proctoring, startedAt: start.data } : proctoring;
}

export function writeProgress(
  storage: KeyValueStorage | undefined,
  sessionId: string,
  progress: QuizProgress,
): boolean {
  const tagged = JSON.stringify({ ...storedSessionTag(sessionId), ...progress });
  return writeSessionItem(storage, sessionId, QUIZ_PROGRESS_KEY, tagged);
}

/** The three answers, whatever an older page or a hand-edited storage left in `answers`. */
export function threeAnswers(answers: readonly string[]): [string, string, string] {
  return [answers[0] ?? '', answers[1] ?? '', answers[2] ?? ''];
}

export function withAnswer(answers: readonly string[], index: QuestionNumber, html: string): [string, string, string] {
  const next = threeAnswers(answers);
  next[index] = html;
  return next;
}
