import { describe, expect, it } from 'vitest';
import { countOfSession } from './session-calls.ts';

describe('countOfSession', () => {
  it("counts the session's own calls only", () => {
    const calls = [{ sequence: 'earlier' }, { sequence: 'current' }, { sequence: 'earlier' }, { sequence: 'current' }];
    expect(countOfSession(calls, 'current')).toBe(2);
    expect(countOfSession(calls, 'earlier')).toBe(2);
  });

  it('counts nothing for a session this browser holds no call of', () => {
    expect(countOfSession([{ sequence: 'earlier' }], 'current')).toBe(0);
    expect(countOfSession([], 'current')).toBe(0);
  });

  it('leaves out a call of no session, such as a refusal recorded before refusals kept their session', () => {
    expect(countOfSession([{}, { sequence: 'current' }], 'current')).toBe(1);
  });
});
