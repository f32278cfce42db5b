import { describe, expect, it } from 'vitest';
import { redactInviteTokens } from './request-log.ts';

describe('the request log', () => {
  it('never holds a personal invitation token', () => {
    const token = 'k3m9p2x7q4w8e1r5t6y0u2i3o4';
    expect(redactInviteTokens(`/invite/thd0wtfl-${token}/quiz`)).toBe('/invite/thd0wtfl-[token]/quiz');
    expect(redactInviteTokens(`/invite/thd0wtfl-${token}`)).toBe('/invite/thd0wtfl-[token]');
    expect(redactInviteTokens(`/invite/thd0wtfl-${token.toUpperCase()}?x=1`)).toBe('/invite/thd0wtfl-[token]?x=1');
  });
  it('leaves every other address as it is', () => {
    expect(redactInviteTokens('/invite/thd0wtfl/quiz')).toBe('/invite/thd0wtfl/quiz');
    expect(redactInviteTokens('/api/answers')).toBe('/api/answers');
  });
});
