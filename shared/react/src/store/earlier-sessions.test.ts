import { describe, expect, it } from 'vitest';
import {
  EARLIER_SESSIONS_KEPT,
  type EarlierSession,
  earlierSessionOf,
  readEarlierSessions,
  withEarlierSession,
  withoutEarlierSession,
} from './earlier-sessions.ts';

function entry(testId: string, invitationToken: string | null, sessionId: string): EarlierSession {
  return { testId, invitationToken, sessionId, sessionKey: `key-${sessionId}`, stored: { answers: null } };
}

describe('earlier sessions', () => {
  it('reads back what it wrote, and leaves out what is not a session', () => {
    const kept = entry('abc12345', 'token', 's1');
    expect(readEarlierSessions(JSON.stringify([kept, { testId: 'abc12345' }, 3]))).toEqual([kept]);
    expect(readEarlierSessions(null)).toEqual([]);
    expect(readEarlierSessions('not json')).toEqual([]);
    expect(readEarlierSessions('{"testId":"abc12345"}')).toEqual([]);
    expect(readEarlierSessions(JSON.stringify([{ ...kept, stored: { answers: 1 } }]))).toEqual([]);
  });

  it('keeps one session per link: a personal link and the open link of a test are two', () => {
    const personal = entry('abc12345', 'token', 's1');
    const open = entry('abc12345', null, 's2');
    const list = withEarlierSession(withEarlierSession([], personal), open);
    expect(earlierSessionOf(list, { testId: 'abc12345', invitationToken: 'token' })).toBe(personal);
    expect(earlierSessionOf(list, { testId: 'abc12345', invitationToken: null })).toBe(open);
    expect(earlierSessionOf(list, { testId: 'abc12345', invitationToken: 'other' })).toBeUndefined();

    const newer = entry('abc12345', 'token', 's3');
    expect(withEarlierSession(list, newer)).toEqual([open, newer]);
    expect(withoutEarlierSession(list, { testId: 'abc12345', invitationToken: null })).toEqual([personal]);
  });

  it(`keeps the newest ${EARLIER_SESSIONS_KEPT} sessions set aside, so storage keeps room for the one in progress`, () => {
    const many = ['t1', 't2', 't3', 't4'].map((token, index) => entry('abc12345', token, `s${index}`));
    const list = many.reduce<EarlierSession[]>((kept, next) => withEarlierSession(kept, next), []);
    expect(list).toEqual(many.slice(-EARLIER_SESSIONS_KEPT));
  });
});
