import { describe, expect, it } from 'vitest';
import { AnswersFinalError } from '../errors.ts';
import { decideAnswers, type HeldAnswers } from './answers-rules.ts';
import type { AnswersWrite } from './session-store.ts';

const question = { pastes: [], droppedPastes: 0, switches: 0, switchTimes: [], droppedSwitchTimes: 0 };

function save(revision: number, overrides: Partial<AnswersWrite> = {}): AnswersWrite {
  return {
    sessionId: 'session-1',
    testId: 'thd0wtfl',
    receivedAt: 5000,
    answers: ['<p>a</p>', '', ''],
    proctoring: {
      tabSwitches: 0,
      perQuestion: [question, question, question],
      listSwitchTimes: [],
      droppedListSwitchTimes: 0,
    },
    revision,
    savedAt: 100,
    final: false,
    finalReason: null,
    ...overrides,
  };
}

const held = (overrides: Partial<HeldAnswers> = {}): HeldAnswers => ({
  answers: JSON.stringify(['<p>a</p>', '', '']),
  revision: 10,
  savedAt: 100,
  submittedAt: null,
  ...overrides,
});

const decide = (before: HeldAnswers | undefined, input: AnswersWrite) =>
  decideAnswers(before, input, JSON.stringify(input.answers));

describe('decideAnswers', () => {
  it('stores the first save, and a submit with its arrival as the submit time', () => {
    expect(decide(undefined, save(1))).toEqual({
      write: 'store',
      submittedAt: null,
      result: { stored: true, revision: 1 },
    });
    expect(decide(undefined, save(1, { final: true }))).toMatchObject({ write: 'store', submittedAt: 5000 });
  });

  it('stores a higher revision, or the same one saved later; nothing else', () => {
    expect(decide(held(), save(11))).toMatchObject({ write: 'store' });
    expect(decide(held(), save(10, { savedAt: 101 }))).toMatchObject({ write: 'store' });
    expect(decide(held(), save(10))).toEqual({ write: 'nothing', result: { stored: false, revision: 10 } });
    expect(decide(held(), save(9, { savedAt: 999 }))).toEqual({
      write: 'nothing',
      result: { stored: false, revision: 10 },
    });
  });

  it('marks the held answers submitted when an older submit arrives after a newer save', () => {
    expect(decide(held(), save(9, { final: true }))).toEqual({
      write: 'mark-submitted',
      result: { stored: false, revision: 10 },
    });
  });

  it('refuses only a change to submitted answers', () => {
    const submitted = held({ submittedAt: 4000 });
    expect(() => decide(submitted, save(11, { answers: ['<p>b</p>', '', ''] }))).toThrow(AnswersFinalError);
    expect(decide(submitted, save(11))).toEqual({ write: 'nothing', result: { stored: false, revision: 10 } });
    expect(decide(submitted, save(3, { answers: ['<p>b</p>', '', ''] }))).toMatchObject({ write: 'nothing' });
    expect(decide(submitted, save(10, { final: true }))).toMatchObject({ write: 'nothing' });
  });
});
