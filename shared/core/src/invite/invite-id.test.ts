import { describe, expect, it } from 'vitest';
import { decodeInviteParam, resolveInviteRoute } from './invite-id.ts';

const token = 'k3m9p2x7q4w8e1r5t6y0u2i3o4';
const lookup = {
  isKnownTestId: (id: string) => id === 'abc12345',
  isExpired: (id: string) => id === 'old00001',
};

const open = (testId: string) => ({ testId, invitationToken: null });

describe('decodeInviteParam', () => {
  it('accepts 8 lowercase letters or digits: the open link', () => {
    expect(decodeInviteParam('abc12345')).toEqual(open('abc12345'));
  });
  it('URL-decodes and trims, so an id with an encoded trailing space still works', () => {
    expect(decodeInviteParam('abc12345%20')).toEqual(open('abc12345'));
    expect(decodeInviteParam('%20abc12345 ')).toEqual(open('abc12345'));
  });
  it('reads a personal invitation: the test id, "-" and a 26-character token', () => {
    expect(decodeInviteParam(`abc12345-${token}`)).toEqual({ testId: 'abc12345', invitationToken: token });
    expect(decodeInviteParam(`abc12345-${token}%20`)).toEqual({ testId: 'abc12345', invitationToken: token });
  });
  it('refuses a token of another length or alphabet, and a dangling separator', () => {
    expect(decodeInviteParam(`abc12345-${token.slice(1)}`)).toBeNull();
    expect(decodeInviteParam(`abc12345-${token}0`)).toBeNull();
    expect(decodeInviteParam(`abc12345-${token.toUpperCase()}`)).toBeNull();
    expect(decodeInviteParam(`abc12345-${token.slice(1)}_`)).toBeNull();
    expect(decodeInviteParam('abc12345-')).toBeNull();
    expect(decodeInviteParam(`abc12345_${token}`)).toBeNull();
  });
  it('refuses malformed percent-encoding', () => {
    expect(decodeInviteParam('abc%E0%A4%A')).toBeNull();
  });
  it('refuses uppercase, wrong length and other characters', () => {
    expect(decodeInviteParam('ABC12345')).toBeNull();
    expect(decodeInviteParam('abc1234')).toBeNull();
    expect(decodeInviteParam('abc123456')).toBeNull();
    expect(decodeInviteParam('abc-1234')).toBeNull();
    expect(decodeInviteParam('')).toBeNull();
  });
});

describe('resolveInviteRoute', () => {
  it('shows the landing page with no rest path', () => {
    expect(resolveInviteRoute('abc12345', '', lookup)).toEqual({
      kind: 'screen',
      screen: 'landing',
      testId: 'abc12345',
      invitationToken: null,
    });
  });
  it('shows each section screen', () => {
    for (const screen of ['quiz', 'vintro', 'iprep'] as const) {
      expect(resolveInviteRoute('abc12345', screen, lookup)).toEqual({
        kind: 'screen',
        screen,
        testId: 'abc12345',
        invitationToken: null,
      });
    }
  });
  it("shows a personal invitation's screens with its token", () => {
    expect(resolveInviteRoute(`abc12345-${token}`, 'quiz', lookup)).toEqual({
      kind: 'screen',
      screen: 'quiz',
      testId: 'abc12345',
      invitationToken: token,
    });
  });
  it('keeps the token in every redirect of a personal invitation', () => {
    expect(resolveInviteRoute(`abc12345-${token}`, 'results', lookup)).toEqual({
      kind: 'redirect',
      to: `/invite/abc12345-${token}`,
    });
    expect(resolveInviteRoute(`abc12345-${token}%20`, 'vintro', lookup)).toEqual({
      kind: 'redirect',
      to: `/invite/abc12345-${token}/vintro`,
    });
  });
  it('decides expired and unknown tests by the test id of a personal link too', () => {
    expect(resolveInviteRoute(`old00001-${token}`, '', lookup)).toEqual({ kind: 'redirect', to: '/expired' });
    expect(resolveInviteRoute(`zzzzzzzz-${token}`, '', lookup)).toEqual({ kind: 'redirect', to: '/404' });
    expect(resolveInviteRoute(`abc12345-${token.slice(2)}`, '', lookup)).toEqual({ kind: 'redirect', to: '/404' });
  });
  it('sends an unknown rest path back to the landing page', () => {
    expect(resolveInviteRoute('abc12345', 'results', lookup)).toEqual({ kind: 'redirect', to: '/invite/abc12345' });
    expect(resolveInviteRoute('abc12345', 'quiz/extra', lookup)).toEqual({ kind: 'redirect', to: '/invite/abc12345' });
  });
  it('sends a decoding failure or a bad shape to /404', () => {
    expect(resolveInviteRoute('%E0%A4%A', '', lookup)).toEqual({ kind: 'redirect', to: '/404' });
    expect(resolveInviteRoute('nope', 'quiz', lookup)).toEqual({ kind: 'redirect', to: '/404' });
  });
  it('sends an expired id to /expired, whatever the rest path', () => {
    expect(resolveInviteRoute('old00001', '', lookup)).toEqual({ kind: 'redirect', to: '/expired' });
    expect(resolveInviteRoute('old00001', 'quiz', lookup)).toEqual({ kind: 'redirect', to: '/expired' });
  });
  it('sends a well-formed id that is no test to /404', () => {
    expect(resolveInviteRoute('zzzzzzzz', 'quiz', lookup)).toEqual({ kind: 'redirect', to: '/404' });
  });
  it('redirects a padded id to its clean address, keeping the section', () => {
    expect(resolveInviteRoute('abc12345 ', 'quiz', lookup)).toEqual({ kind: 'redirect', to: '/invite/abc12345/quiz' });
    expect(resolveInviteRoute('abc12345%20', '', lookup)).toEqual({ kind: 'redirect', to: '/invite/abc12345' });
  });
});
