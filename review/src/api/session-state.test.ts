import type { ReviewerMe } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import type { ReviewerCalls } from './review-api.ts';
import { afterSignInRefused, type SessionState, viewOwner } from './session-state.ts';

const me = (email: string, companyId = 'nimbus-ledger'): ReviewerMe => ({
  reviewer: { email, name: 'Rita Reviewer', role: 'reviewer' },
  company: { companyId, companyName: 'Nimbus Ledger' },
  csrfToken: 'token',
  emailSetUp: false,
  twoFactor: { on: false, required: false },
});
// Only their identity matters here: which sign-in they were made for.
const firstCalls = {} as ReviewerCalls;
const laterCalls = {} as ReviewerCalls;

describe('a sign-in refused by the server', () => {
  it('ends the sign-in the refused call belongs to, keeping its reviewer and calls for their view', () => {
    const signedIn: SessionState = { status: 'signed-in', me: me('rita@nimbus.example'), calls: firstCalls };
    expect(afterSignInRefused(signedIn, firstCalls)).toEqual({ ...signedIn, status: 'ended' });
  });

  it('ends nothing when the call was an earlier sign-in’s, answered after the reviewer signed in again', () => {
    const signedInAgain: SessionState = { status: 'signed-in', me: me('rita@nimbus.example'), calls: laterCalls };
    expect(afterSignInRefused(signedInAgain, firstCalls)).toBe(signedInAgain);
  });

  it('leaves an ended or signed-out page as it is', () => {
    const ended: SessionState = { status: 'ended', me: me('rita@nimbus.example'), calls: firstCalls };
    expect(afterSignInRefused(ended, firstCalls)).toBe(ended);
    const signedOut: SessionState = { status: 'signed-out' };
    expect(afterSignInRefused(signedOut, firstCalls)).toBe(signedOut);
  });
});

describe('whose view the page shows', () => {
  it('is the same account’s again after a new sign-in, whatever else the answer says', () => {
    expect(viewOwner({ ...me('rita@nimbus.example'), csrfToken: 'new' })).toBe(viewOwner(me('rita@nimbus.example')));
  });

  it('is another’s for another account', () => {
    expect(viewOwner(me('dana@nimbus.example'))).not.toBe(viewOwner(me('rita@nimbus.example')));
    expect(viewOwner(me('rita@nimbus.example', 'other-co'))).not.toBe(viewOwner(me('rita@nimbus.example')));
  });
});
