import type { KeyValueStorage } from '@assessment/core';
import { createStore, type StoreApi } from 'zustand';
import { type QuizProgress, readProgress, writeProgress } from './quiz-progress.ts';

export type ProgressStore = StoreApi<QuizProgress>;

/** The quiz's progress for one session, written to storage on every change. */
export function createProgressStore(storage: KeyValueStorage | undefined, sessionId: string): ProgressStore {
  const store = createStore<QuizProgress>()(() => readProgress(storage, sessionId));
  store.subscribe((progress) => {
    writeProgress(storage, sessionId, progress);
  });
  return store;
}
