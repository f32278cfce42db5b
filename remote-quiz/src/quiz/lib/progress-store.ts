import type { KeyValueStorage } from '@assessment/core';
import { createStore, type StoreApi } from 'zustand';
import { type QuizProgress, readProgress, withClockOfOlderPage, writeProgress } from './quiz-progress.ts';

export type ProgressStore = StoreApi<QuizProgress>;

/**
 * The quiz's progress for one session, agreed at `agreedAt`, written to storage on every change.
 * A change storage refuses (full, or forbidden) is told to `onNotKept`: its start time lost, a
 * reload would offer the start button again, with the whole time, while the server's clock runs on.
 */
export function createProgressStore(
  storage: KeyValueStorage | undefined,
  sessionId: string,
  agreedAt: number,
  onNotKept: () => void,
): ProgressStore {
  const store = createStore<QuizProgress>()(() => withClockOfOlderPage(readProgress(storage, sessionId), agreedAt));
  store.subscribe((progress) => {
    if (!writeProgress(storage, sessionId, progress)) onNotKept();
  });
  return store;
}
