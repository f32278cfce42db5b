import type { InvitationCheck } from '@assessment/react';
import { describe, expect, it } from 'vitest';
import { decideLanding, decideSection, type LocalFacts } from './invitation-decision.ts';

const expiresAt = '2030-01-01T00:00:00.000Z';
const personal = (
  state: 'unused' | 'started' | 'finished',
  yours: boolean,
  extraTimePercent = 50,
): InvitationCheck => ({
  kind: 'answered',
  status: {
    kind: 'personal',
    state,
    yours,
    extraTimePercent,
    expiresAt,
    email: 'ada@mail.example',
    name: 'Ada Lovelace',
  },
});
const open = (openLinkAllowed: boolean): InvitationCheck => ({
  kind: 'answered',
  status: { kind: 'open', openLinkAllowed },
});
const newPersonal: LocalFacts = { personal: true, holdsLink: false, storedExtraTimePercent: null };
const startedPersonal: LocalFacts = { personal: true, holdsLink: true, storedExtraTimePercent: 25 };
const newOpen: LocalFacts = { personal: false, holdsLink: false, storedExtraTimePercent: null };

describe('decideLanding', () => {
  it('shows the landing page with the extra time for an unused personal link, or one this browser started', () => {
    expect(decideLanding(personal('unused', false), newPersonal)).toEqual({
      screen: 'landing',
      invitation: {
        extraTimePercent: 50,
        startedHere: false,
        finishedHere: false,
        email: 'ada@mail.example',
        name: 'Ada Lovelace',
      },
    });
    expect(decideLanding(personal('started', true), startedPersonal)).toEqual({
      screen: 'landing',
      invitation: {
        extraTimePercent: 50,
        startedHere: true,
        finishedHere: false,
        email: 'ada@mail.example',
        name: 'Ada Lovelace',
      },
    });
    expect(decideLanding(personal('finished', true), startedPersonal)).toEqual({
      screen: 'landing',
      invitation: {
        extraTimePercent: 50,
        startedHere: true,
        finishedHere: true,
        email: 'ada@mail.example',
        name: 'Ada Lovelace',
      },
    });
  });

  it('says a link started or finished in another browser is in use, whatever this browser stored', () => {
    expect(decideLanding(personal('started', false), newPersonal)).toEqual({ screen: 'in-use' });
    expect(decideLanding(personal('finished', false), newPersonal)).toEqual({ screen: 'in-use' });
    // This browser's own registration lost the race to another browser.
    expect(decideLanding(personal('started', false), startedPersonal)).toEqual({ screen: 'in-use' });
  });

  it('shows the open link at once, while a personal link waits for the server', () => {
    expect(decideLanding(null, newOpen)).toEqual({ screen: 'landing', invitation: null });
    expect(decideLanding(null, startedPersonal)).toEqual({ screen: 'checking' });
  });

  it('sends a revoked or expired link to /expired and an unknown one to /404', () => {
    expect(decideLanding({ kind: 'closed', state: 'revoked' }, startedPersonal)).toEqual({
      screen: 'redirect',
      to: '/expired',
    });
    expect(decideLanding({ kind: 'closed', state: 'erased' }, startedPersonal)).toEqual({
      screen: 'redirect',
      to: '/expired',
      erased: true,
    });
    expect(decideLanding({ kind: 'unknown' }, newPersonal)).toEqual({ screen: 'redirect', to: '/404' });
    expect(decideLanding({ kind: 'unknown' }, newOpen)).toEqual({ screen: 'landing', invitation: null });
  });

  it('keeps the open link for tests that allow it, and for a candidate who started before it was switched off', () => {
    expect(decideLanding(open(true), newOpen)).toEqual({ screen: 'landing', invitation: null });
    expect(decideLanding(open(false), newOpen)).toEqual({ screen: 'invitation-only' });
    expect(decideLanding(open(false), { ...newOpen, holdsLink: true })).toEqual({
      screen: 'landing',
      invitation: null,
    });
  });

  it('without the server, keeps what worked before and holds back only a personal link it never saw', () => {
    const unreachable: InvitationCheck = { kind: 'unreachable' };
    expect(decideLanding(unreachable, newOpen)).toEqual({ screen: 'landing', invitation: null });
    expect(decideLanding(unreachable, startedPersonal)).toEqual({
      screen: 'landing',
      invitation: { extraTimePercent: 25, startedHere: true, finishedHere: false, email: null, name: null },
    });
    expect(decideLanding(unreachable, newPersonal)).toEqual({ screen: 'unreachable', serverAnswered: false });
    // An answer about the other kind of link is no answer to rely on.
    expect(decideLanding(open(true), newPersonal)).toEqual({ screen: 'unreachable', serverAnswered: true });
  });

  it('tells a server that answered, busy or failing, from one that could not be reached', () => {
    const failed: InvitationCheck = { kind: 'failed' };
    expect(decideLanding(failed, newPersonal)).toEqual({ screen: 'unreachable', serverAnswered: true });
    expect(decideLanding(failed, newOpen)).toEqual({ screen: 'landing', invitation: null });
    expect(decideLanding(failed, startedPersonal)).toMatchObject({ screen: 'landing' });
  });
});

describe('decideSection', () => {
  it('goes on with the current extra time while the link is this browser’s', () => {
    expect(decideSection(personal('started', true, 100))).toEqual({ action: 'stay', extraTimePercent: 100 });
    // The registration has not arrived yet.
    expect(decideSection(personal('unused', false, 25))).toEqual({ action: 'stay', extraTimePercent: 25 });
    expect(decideSection({ kind: 'unreachable' })).toEqual({ action: 'stay', extraTimePercent: null });
    expect(decideSection({ kind: 'failed' })).toEqual({ action: 'stay', extraTimePercent: null });
  });

  it('leaves for /expired, /404, or the landing route of a link in use elsewhere', () => {
    expect(decideSection({ kind: 'closed', state: 'expired' })).toEqual({ action: 'redirect', to: '/expired' });
    expect(decideSection({ kind: 'closed', state: 'erased' })).toEqual({
      action: 'redirect',
      to: '/expired',
      erased: true,
    });
    expect(decideSection({ kind: 'unknown' })).toEqual({ action: 'redirect', to: '/404' });
    expect(decideSection(personal('started', false))).toEqual({ action: 'landing' });
  });
});
