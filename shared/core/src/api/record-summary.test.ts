import { describe, expect, it } from 'vitest';
import type { MyRecord } from './record-schemas.ts';
import { recordFacts } from './record-summary.ts';

const time = (at: number) => new Date(at).toISOString().slice(11, 19);

const record: MyRecord = {
  sessionId: 'session-1',
  testId: 'thd0wtfl',
  registeredAt: '2030-01-02T09:00:00.000Z',
  answers: {
    receivedAt: '2030-01-02T09:14:00.000Z',
    submittedAt: '2030-01-02T09:14:00.000Z',
    finalReason: 'complete',
    late: false,
  },
  signals: { tabSwitches: 1, pastes: 1 },
  timeline: [],
  deviceChecks: [
    { receivedAt: '2030-01-02T09:15:00.000Z', result: false },
    { receivedAt: '2030-01-02T09:15:02.000Z', result: true },
  ],
  video: { state: 'received', at: '2030-01-02T09:20:00.000Z' },
  feedbackReceivedAt: '2030-01-02T09:21:00.000Z',
  access: { looks: [], people: { admin: 0, reviewer: 0, ats: 0, operator: 0 } },
};

describe('recordFacts', () => {
  it('says what arrived and when, in the order of the assessment', () => {
    expect(recordFacts(record, time)).toEqual([
      { label: 'Registration', value: 'Received at 09:00:00.' },
      { label: 'Answers', value: 'Submitted at 09:14:00, when you chose Complete.' },
      { label: 'Camera check', value: 'Passed (last checked at 09:15:02).' },
      { label: 'Video introduction', value: 'Received at 09:20:00.' },
      { label: 'Feedback', value: 'Received at 09:21:00.' },
    ]);
  });

  it('says plainly what is missing, late or submitted by the timer', () => {
    const facts = recordFacts(
      {
        ...record,
        registeredAt: null,
        answers: { ...record.answers, finalReason: 'time-up', late: true } as MyRecord['answers'],
        deviceChecks: [],
        video: { state: 'skipped', at: null },
        feedbackReceivedAt: null,
      },
      time,
    );
    expect(facts.map((fact) => fact.value)).toEqual([
      'Not received.',
      'Submitted at 09:14:00, when the time was up. They arrived after the time limit, so they are marked as late.',
      'No camera check was reported.',
      'No video: you continued without one.',
      'Not received yet.',
    ]);
    expect(recordFacts({ ...record, answers: null }, time)[1]?.value).toBe('No answers have arrived.');
  });
});
