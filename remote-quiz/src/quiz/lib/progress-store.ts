import type { KeyValueStorage } from '@assessment/core';
import { createStore, type StoreApi } from 'zustand';
import { type QuizProgress, readProgress, withClockOfOlderPage, writeProgress } from './quiz-progress.ts';

export type ProgressStore = StoreApi<QuizProgress>;

/** The quiz's progress for one session, agreed at `agreedAt`, written to storage on every change. */
export function createProgressStore(
  storage: KeyValueStorage | undefined,
  sessionId: string,
  agreedAt: number,
): ProgressStore {
  const store = createStore<QuizProgress>()(() => withClockOfOlderPage(readProgress(storage, sessionId), agreedAt));
  store.subscribe((progress) => {
    writeProgress(storage, sessionId, progress);
  });
  return store;
}
