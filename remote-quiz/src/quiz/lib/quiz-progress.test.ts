import {
  answersSchema,
  memoryStorage,
  QUIZ_PROGRESS_KEY,
  recordErasedSession,
  withPaste,
  withSwitch,
} from '@assessment/core';
import { describe, expect, it } from 'vitest';
import {
  freshProgress,
  proctoringToSend,
  readProgress,
  threeAnswers,
  withAnswer,
  withClockOfOlderPage,
  writeProgress,
} from './quiz-progress.ts';

describe('quiz progress in storage', () => {
  it('starts on the instructions with nothing visited or recorded', () => {
    expect(readProgress(memoryStorage(), 'session-1')).toEqual(freshProgress());
    expect(freshProgress().view).toBe('instructions');
  });

  it('reads back visited flags, the open view, completion and the proctoring record', () => {
    const storage = memoryStorage();
    const proctoring = withSwitch(withPaste(freshProgress().proctoring, 1, 42, 1000), 1);
    const progress = {
      startedAt: 1_700_000_000_000,
      visited: [true, true, false] as [boolean, boolean, boolean],
      view: 1 as const,
      completed: true,
      proctoring,
    };
    writeProgress(storage, 'session-1', progress);
    expect(readProgress(storage, 'session-1')).toEqual(progress);
  });

  it('belongs to one session: another session starts afresh', () => {
    const storage = memoryStorage();
    writeProgress(storage, 'session-1', { ...freshProgress(), completed: true });
    expect(readProgress(storage, 'session-2')).toEqual(freshProgress());
  });

  it('writes nothing back of a session another tab recorded as erased, and goes on writing another', () => {
    const storage = memoryStorage();
    writeProgress(storage, 'session-1', freshProgress());
    storage.removeItem(QUIZ_PROGRESS_KEY);
    expect(recordErasedSession(storage, 'session-1', true)).toBe(true);
    expect(writeProgress(storage, 'session-1', { ...freshProgress(), completed: true })).toBe(true);
    expect(storage.getItem(QUIZ_PROGRESS_KEY)).toBeNull();
    expect(writeProgress(storage, 'session-2', { ...freshProgress(), completed: true })).toBe(true);
    expect(readProgress(storage, 'session-2').completed).toBe(true);
  });

  it('ignores corrupt or tampered values instead of crashing', () => {
    const storage = memoryStorage();
    storage.setItem(QUIZ_PROGRESS_KEY, '{not json');
    expect(readProgress(storage, 's')).toEqual(freshProgress());
    storage.setItem(
      QUIZ_PROGRESS_KEY,
      JSON.stringify({
        unique: 's',
        startedAt: 'soon',
        visited: 'yes',
        view: 7,
        completed: 'true',
        proctoring: { tabSwitches: -1 },
      }),
    );
    expect(readProgress(storage, 's')).toEqual(freshProgress());
  });

  it('a quiz under way from before the start button keeps its clock from the agree; one not begun waits', () => {
    const agreedAt = 1_700_000_000_000;
    expect(withClockOfOlderPage(freshProgress(), agreedAt).startedAt).toBeNull();
    const opened = { ...freshProgress(), view: 'all' as const };
    expect(withClockOfOlderPage(opened, agreedAt).startedAt).toBe(agreedAt);
    const visited = { ...freshProgress(), visited: [false, true, false] as [boolean, boolean, boolean] };
    expect(withClockOfOlderPage(visited, agreedAt).startedAt).toBe(agreedAt);
    const started = { ...opened, startedAt: agreedAt + 60_000 };
    expect(withClockOfOlderPage(started, agreedAt)).toBe(started);
  });

  it('works without storage', () => {
    expect(writeProgress(undefined, 's', freshProgress())).toBe(false);
    expect(readProgress(undefined, 's')).toEqual(freshProgress());
  });
});

describe('the proctoring record a save sends', () => {
  const started = 1_700_000_120_000;
  const proctoring = withSwitch(freshProgress().proctoring, null, started + 3_000);
  const save = (record: ReturnType<typeof proctoringToSend>) =>
    answersSchema.safeParse({
      unique: 'session-1',
      data: 'thd0wtfl',
      answers: ['', '', ''],
      proctoring: record,
      revision: 1,
      savedAt: started + 5_000,
      final: false,
    });

  it('carries when the quiz was started, on the clock of its switch and paste times', () => {
    const sent = proctoringToSend({ startedAt: started, proctoring });
    expect(sent).toEqual({ ...proctoring, startedAt: started });
    expect(save(sent).data?.proctoring.startedAt).toBe(started);
  });

  it('has no start before Start the quiz, nor one the server would refuse, and is still taken', () => {
    for (const startedAt of [null, -1, 1.5, Number.MAX_VALUE]) {
      const sent = proctoringToSend({ startedAt, proctoring });
      expect(sent).toEqual(proctoring);
      expect(save(sent).success).toBe(true);
    }
  });
});

describe('answers array', () => {
  it('always has three slots', () => {
    expect(threeAnswers([])).toEqual(['', '', '']);
    expect(threeAnswers(['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'c']);
  });

  it('replaces one answer without touching the others', () => {
    const before = ['a', 'b', 'c'];
    expect(withAnswer(before, 1, 'B')).toEqual(['a', 'B', 'c']);
    expect(before).toEqual(['a', 'b', 'c']);
  });
});
