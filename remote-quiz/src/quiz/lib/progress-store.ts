import type { KeyValueStorage } from '@assessment/core';
import { createStore, type StoreApi } from 'zustand';
import { type QuizProgress, readProgress, writeProgress } from './quiz-progress.ts';

export type ProgressStore = StoreApi<QuizProgress>;

/** The quiz's progress for one session, written to storage on every change. */
export function createProgressStore(storage: KeyValueStorage | undefined, unique: string): ProgressStore {
  const store = createStore<QuizProgress>()(() => readProgress(storage, unique));
  store.subscribe((progress) => {
    writeProgress(storage, unique, progress);
  });
  return store;
}
