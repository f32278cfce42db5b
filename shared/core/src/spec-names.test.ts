import { describe, expect, it } from 'vitest';
import { invitationStatusRequestSchema } from './api/invitation-schemas.ts';
import { answersSchema, registrationSchema } from './api/schemas.ts';
import {
  inviteLinkOfWire,
  isTaggedWith,
  isWireSessionIdField,
  QUIZ_COMPLETE_PATH,
  REGISTRATION_PATH,
  SESSION_STORAGE_KEYS,
  STORED_TAKE_SESSION_ID_PATH,
  sessionRefOfStoredTake,
  sessionRefOfWire,
  storedSessionTag,
  storedTakeSession,
  wireInviteLink,
  wireSessionRef,
} from './spec-names.ts';

// The literal names below are SPEC.md's (sections 7 and 8): they prove the wire and storage did not change.
const token = 'aaaaaaaaaaaaa0123456789xyz';

describe('the wire names', () => {
  it('sends the session id as `unique` and the test id as `data`, and reads them back', () => {
    const wire = { unique: 'session-1', data: 'abc12345' };
    expect(sessionRefOfWire(wire)).toEqual({ sessionId: 'session-1', testId: 'abc12345' });
    expect(wireSessionRef(sessionRefOfWire(wire))).toEqual(wire);
    expect(wireSessionRef({ sessionId: 'session-1', testId: 'abc12345' })).toEqual(wire);
  });

  it('sends a personal link as `data` and `invitation`, and the open link without `invitation`', () => {
    const personal = { data: 'abc12345', invitation: token };
    expect(inviteLinkOfWire(personal).link).toEqual({ testId: 'abc12345', invitationToken: token });
    expect(wireInviteLink(inviteLinkOfWire(personal).link)).toEqual(personal);
    expect(wireInviteLink({ testId: 'abc12345', invitationToken: null })).toStrictEqual({ data: 'abc12345' });
    expect(inviteLinkOfWire({ data: 'abc12345' }).link).toEqual({ testId: 'abc12345', invitationToken: null });
  });

  it('leaves the token out of the rest of a call', () => {
    expect(inviteLinkOfWire({ data: 'abc12345', invitation: token, email: 'a@b.example' }).rest).toStrictEqual({
      data: 'abc12345',
      email: 'a@b.example',
    });
  });

  it('is what the schemas check', () => {
    expect(Object.keys(registrationSchema.shape)).toEqual(expect.arrayContaining(['unique', 'data', 'invitation']));
    expect(Object.keys(answersSchema.shape)).toEqual(expect.arrayContaining(['unique', 'data']));
    expect(invitationStatusRequestSchema.parse(wireInviteLink({ testId: 'abc12345', invitationToken: token }))).toEqual(
      { data: 'abc12345', invitation: token },
    );
  });

  it("tells the session id among a call's fields not parsed yet", () => {
    expect(isWireSessionIdField('unique')).toBe(true);
    expect(isWireSessionIdField('data')).toBe(false);
  });

  it('keeps the paths SPEC.md names', () => {
    expect(REGISTRATION_PATH).toBe('/now-assessment');
    expect(QUIZ_COMPLETE_PATH).toBe('/video-just');
  });
});

describe('the storage names', () => {
  it('keeps the test id as `inviteUUID` (read back) and `testUUID`, and the session id as `unique`', () => {
    expect(SESSION_STORAGE_KEYS).toEqual({ testId: ['inviteUUID', 'testUUID'], sessionId: ['unique'] });
  });

  it("tags a section's own record with `unique`, and finds only its session's", () => {
    expect(storedSessionTag('session-1')).toEqual({ unique: 'session-1' });
    expect(isTaggedWith(JSON.parse(JSON.stringify(storedSessionTag('session-1'))), 'session-1')).toBe(true);
    expect(isTaggedWith({ unique: 'session-2' }, 'session-1')).toBe(false);
    expect(isTaggedWith(null, 'session-1')).toBe(false);
    expect(isTaggedWith('session-1', 'session-1')).toBe(false);
  });

  it('keeps a take in IndexedDB under `unique` and `inviteId`, indexed by `unique`', () => {
    const row = storedTakeSession({ sessionId: 'session-1', testId: 'abc12345' });
    expect(row).toEqual({ unique: 'session-1', inviteId: 'abc12345' });
    expect(sessionRefOfStoredTake(row)).toEqual({ sessionId: 'session-1', testId: 'abc12345' });
    expect(STORED_TAKE_SESSION_ID_PATH).toBe('unique');
  });
});
