import { deadlineOf, remainingMs, SECTIONS, type Section } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { describeMinutesLeft, returnOf } from './returning.ts';

const link = { testId: 'thd0wtfl', invitationToken: null };
const ours = { testId: 'thd0wtfl', invitationToken: null, sessionId: 's1', sessionKey: 'k1' };
const finishedUpTo = (count: number) => (section: Section) => section.order <= count;

describe('a candidate who opens their link again', () => {
  it('is on a first visit without a session of this very link', () => {
    const none = { testId: null, invitationToken: null, sessionId: null, sessionKey: null };
    expect(returnOf(none, link, SECTIONS.sections, finishedUpTo(0))).toEqual({ kind: 'first-visit' });
    const otherLink = { ...ours, invitationToken: 'personal-token' };
    expect(returnOf(otherLink, link, SECTIONS.sections, finishedUpTo(0))).toEqual({ kind: 'first-visit' });
    const keyless = { ...ours, sessionKey: null };
    expect(returnOf(keyless, link, SECTIONS.sections, finishedUpTo(0))).toEqual({ kind: 'first-visit' });
  });

  it('continues at the first section not finished, and is finished after the last', () => {
    expect(returnOf(ours, link, SECTIONS.sections, finishedUpTo(0))).toMatchObject({
      kind: 'continue',
      section: { id: 'quiz' },
    });
    expect(returnOf(ours, link, SECTIONS.sections, finishedUpTo(1))).toMatchObject({
      kind: 'continue',
      section: { id: 'video' },
    });
    expect(returnOf(ours, link, SECTIONS.sections, finishedUpTo(3))).toMatchObject({
      kind: 'finished',
      section: { id: 'feedback' },
    });
    // The last section finished ends the assessment, whatever an older page left unmarked before it.
    const onlyTheLast = (section: Section) => section.id === 'feedback';
    expect(returnOf(ours, link, SECTIONS.sections, onlyTheLast)).toMatchObject({ kind: 'finished' });
  });
});

describe('the time left told', () => {
  const quizTimeLeftMs = (startedAt: number, limit: number, now: number) =>
    remainingMs(deadlineOf(startedAt, limit), limit, now);

  it('counts down from the start, never below none or above the limit', () => {
    expect(quizTimeLeftMs(0, 15, 5 * 60_000)).toBe(10 * 60_000);
    expect(quizTimeLeftMs(0, 15, 20 * 60_000)).toBe(0);
    expect(quizTimeLeftMs(10_000, 15, 0)).toBe(15 * 60_000);
  });

  it('reads in whole minutes', () => {
    expect(describeMinutesLeft(10 * 60_000 + 59_000)).toBe('10 minutes');
    expect(describeMinutesLeft(60_000)).toBe('1 minute');
    expect(describeMinutesLeft(59_000)).toBe('less than a minute');
  });
});
