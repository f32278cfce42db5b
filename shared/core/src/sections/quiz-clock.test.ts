import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../store/safe-storage.ts';
import { QUIZ_PROGRESS_KEY, quizStartOf } from './quiz-clock.ts';

describe('the quiz clock a returning candidate is told of', () => {
  it("is the start this session's quiz stored", () => {
    const storage = memoryStorage();
    storage.setItem(QUIZ_PROGRESS_KEY, JSON.stringify({ unique: 's1', startedAt: 1_700_000_000_000, view: 'all' }));
    expect(quizStartOf(storage, 's1')).toBe(1_700_000_000_000);
  });

  it('is none before the start, for another session, or from damaged storage', () => {
    const storage = memoryStorage();
    expect(quizStartOf(storage, 's1')).toBeNull();
    storage.setItem(QUIZ_PROGRESS_KEY, JSON.stringify({ unique: 's1', startedAt: null }));
    expect(quizStartOf(storage, 's1')).toBeNull();
    storage.setItem(QUIZ_PROGRESS_KEY, JSON.stringify({ unique: 's2', startedAt: 5 }));
    expect(quizStartOf(storage, 's1')).toBeNull();
    storage.setItem(QUIZ_PROGRESS_KEY, '{not json');
    expect(quizStartOf(storage, 's1')).toBeNull();
    expect(quizStartOf(undefined, 's1')).toBeNull();
  });
});
