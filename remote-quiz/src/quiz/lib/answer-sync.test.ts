import { emptyProctoring, withPaste } from '@assessment/core';
import type { AnswersDraft } from '@assessment/react';
import { describe, expect, it } from 'vitest';
import { type AnswerSnapshot, createAnswerSync } from './answer-sync.ts';

function setUp(snapshot: AnswerSnapshot) {
  const sent: AnswersDraft[] = [];
  const sync = createAnswerSync(
    'thd0wtfl',
    () => snapshot,
    (draft) => sent.push(draft),
  );
  return { sync, sent };
}

describe('sending answers to the API', () => {
  const proctoring = withPaste(emptyProctoring(), 0, 12, 1000);

  it('sends nothing until something changed, then once per change', () => {
    const { sync, sent } = setUp({ sessionId: 'session-1', answers: ['<p>a</p>', '', ''], proctoring });
    sync.sendIfChanged();
    expect(sent).toEqual([]);
    sync.markChanged();
    sync.sendIfChanged();
    sync.sendIfChanged();
    expect(sent).toEqual([
      { unique: 'session-1', data: 'thd0wtfl', answers: ['<p>a</p>', '', ''], proctoring, final: false },
    ]);
  });

  it('submits the three answers with the proctoring record as final, changed or not, and says why', () => {
    const { sync, sent } = setUp({ sessionId: 'session-1', answers: ['x'], proctoring });
    sync.submit('complete');
    sync.submit('time-up');
    const final = { unique: 'session-1', data: 'thd0wtfl', answers: ['x', '', ''], proctoring, final: true };
    expect(sent).toEqual([
      { ...final, finalReason: 'complete' },
      { ...final, finalReason: 'time-up' },
    ]);
  });

  it('cannot send without a session id, and keeps the change for later', () => {
    const snapshot: AnswerSnapshot = { sessionId: null, answers: ['', '', ''], proctoring };
    const { sync, sent } = setUp(snapshot);
    sync.markChanged();
    sync.sendIfChanged();
    expect(sent).toEqual([]);
    snapshot.sessionId = 'session-2';
    sync.sendIfChanged();
    expect(sent).toHaveLength(1);
  });
});
