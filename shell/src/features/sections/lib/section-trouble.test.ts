import type { KeyValueStorage } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { OPEN_TROUBLE_KEY, troubleEnded, troubleStarted } from './section-trouble.ts';

function memoryStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const quiz = { testId: 'thd0wtfl', sectionId: 'quiz' };

describe('a section that fails in front of the candidate', () => {
  it('is one failure from its first failure to the moment it shows, across retries and reloads', () => {
    const storage = memoryStorage();
    const first = troubleStarted(storage, { ...quiz, kind: 'contract', now: 1_000 });
    expect(first.isNew).toBe(true);
    const again = troubleStarted(storage, { ...quiz, kind: 'unreachable', now: 61_000 });
    expect(again).toEqual({ trouble: first.trouble, isNew: false });
    expect(troubleEnded(storage, { ...quiz, now: 181_000 })).toEqual({ ...first.trouble, endedAt: 181_000 });
    expect(storage.items.has(OPEN_TROUBLE_KEY)).toBe(false);
    expect(troubleEnded(storage, { ...quiz, now: 200_000 })).toBeNull();
  });

  it('is kept without the session or the candidate, and another section starts its own', () => {
    const storage = memoryStorage();
    const { trouble } = troubleStarted(storage, { ...quiz, kind: 'crashed', now: 5 });
    expect(Object.keys(JSON.parse(storage.items.get(OPEN_TROUBLE_KEY) ?? '{}')).sort()).toEqual([
      'kind',
      'sectionId',
      'startedAt',
      'testId',
      'troubleId',
    ]);
    expect(troubleEnded(storage, { ...quiz, sectionId: 'vintro', now: 9 })).toBeNull();
    const video = troubleStarted(storage, { ...quiz, sectionId: 'vintro', kind: 'unreachable', now: 10 });
    expect(video.isNew).toBe(true);
    expect(video.trouble.troubleId).not.toBe(trouble.troubleId);
  });
});
