import { describe, expect, it } from 'vitest';
import { INVALID_INVITE_LINK, knownTestIdAtStart, parseInviteLink } from './invite-link.ts';

const lookup = {
  isKnownTestId: (id: string) => id === 'abc12345',
  isExpired: (id: string) => id === 'old00001',
};
const invalid = { ok: false, error: INVALID_INVITE_LINK };
const token = 'aaaaaaaaaaaaa0123456789xyz';

describe('parseInviteLink', () => {
  it('accepts a full invitation link', () => {
    expect(parseInviteLink('https://assess.example/invite/abc12345', lookup)).toEqual({
      ok: true,
      testId: 'abc12345',
      invitationToken: null,
      path: '/invite/abc12345',
    });
  });
  it('keeps the token of a personal link', () => {
    expect(parseInviteLink(`https://assess.example/invite/abc12345-${token}/quiz`, lookup)).toEqual({
      ok: true,
      testId: 'abc12345',
      invitationToken: token,
      path: `/invite/abc12345-${token}`,
    });
  });
  it('refuses a personal link whose token has the wrong shape', () => {
    expect(parseInviteLink(`https://assess.example/invite/abc12345-${token.slice(1)}`, lookup)).toEqual(invalid);
    expect(parseInviteLink(`https://assess.example/invite/abc12345-${token.toUpperCase()}`, lookup)).toEqual(invalid);
  });
  it('accepts surrounding spaces, a trailing slash, a section and a query string', () => {
    expect(parseInviteLink('  http://localhost:8080/invite/abc12345/  ', lookup)).toMatchObject({ ok: true });
    expect(parseInviteLink('https://assess.example/invite/abc12345/quiz', lookup)).toMatchObject({ ok: true });
    expect(parseInviteLink('https://assess.example/invite/abc12345?utm=mail', lookup)).toMatchObject({ ok: true });
  });
  it('lets an expired link through so the candidate is told it expired', () => {
    expect(parseInviteLink('https://assess.example/invite/old00001', lookup)).toMatchObject({
      ok: true,
      path: '/invite/old00001',
    });
  });
  it('refuses links with 3 segments or fewer', () => {
    expect(parseInviteLink('assess.example/invite/abc12345', lookup)).toEqual(invalid);
    expect(parseInviteLink('abc12345', lookup)).toEqual(invalid);
    expect(parseInviteLink('', lookup)).toEqual(invalid);
  });
  it('refuses a fourth segment other than invite', () => {
    expect(parseInviteLink('https://assess.example/invites/abc12345', lookup)).toEqual(invalid);
    expect(parseInviteLink('https://assess.example/app/invite/abc12345', lookup)).toEqual(invalid);
  });
  it('refuses an unknown id', () => {
    expect(parseInviteLink('https://assess.example/invite/zzzzzzzz', lookup)).toEqual(invalid);
    expect(parseInviteLink('https://assess.example/invite/', lookup)).toEqual(invalid);
  });
});

describe('knownTestIdAtStart', () => {
  it('returns the first segment when it is a known id', () => {
    expect(knownTestIdAtStart('abc12345/quiz', lookup)).toBe('abc12345');
    expect(knownTestIdAtStart('abc12345#top', lookup)).toBe('abc12345');
    expect(knownTestIdAtStart(`abc12345-${token}/quiz`, lookup)).toBe('abc12345');
  });
  it('returns undefined otherwise', () => {
    expect(knownTestIdAtStart('quiz/abc12345', lookup)).toBeUndefined();
    expect(knownTestIdAtStart('abc123456', lookup)).toBeUndefined();
  });
});
