import { memoryStorage } from '@assessment/core';
import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, EMPTY_SESSION, readSession } from './session-store.ts';

describe('session store', () => {
  it('writes each field to its own key with the names of the spec', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.getState().update({
      testUUID: 'abc12345',
      inviteUUID: 'abc12345',
      email: 'ada@lovelace.example',
      fullName: 'Ada Lovelace',
      social: 'https://social.example/ada',
      gender: 'Female',
      declaration: true,
      term: true,
      workExperience: '7+ Years',
      startTime: 1_700_000_000_000,
    });
    store.getState().update({
      answers: ['<p>a</p>', '', ''],
      VideoRecorded: true,
      currentScore: 4,
      feedback: 'Good',
      company: 'Lumenvault',
    });

    expect(storage.getItem('testUUID')).toBe('abc12345');
    expect(storage.getItem('inviteUUID')).toBe('abc12345');
    expect(storage.getItem('email')).toBe('ada@lovelace.example');
    expect(storage.getItem('fullName')).toBe('Ada Lovelace');
    expect(storage.getItem('social')).toBe('https://social.example/ada');
    expect(storage.getItem('gender')).toBe('Female');
    expect(storage.getItem('declaration')).toBe('true');
    expect(storage.getItem('term')).toBe('true');
    expect(storage.getItem('workExperience')).toBe('7+ Years');
    expect(storage.getItem('startTime')).toBe('1700000000000');
    expect(JSON.parse(storage.getItem('answers') ?? '')).toEqual(['<p>a</p>', '', '']);
    expect(storage.getItem('VideoRecorded')).toBe('true');
    expect(storage.getItem('currentScore')).toBe('4');
    expect(storage.getItem('feedback')).toBe('Good');
    expect(storage.getItem('company')).toBe('Lumenvault');
  });

  it('reads back what a previous page saved', () => {
    const storage = memoryStorage();
    createSessionStore(storage)
      .getState()
      .update({ email: 'a@b.example', startTime: 42, answers: ['x', 'y', 'z'] });
    const reloaded = createSessionStore(storage).getState();
    expect(reloaded.email).toBe('a@b.example');
    expect(reloaded.startTime).toBe(42);
    expect(reloaded.answers).toEqual(['x', 'y', 'z']);
  });

  it('holds a session only together with its key', () => {
    const storage = memoryStorage();
    createSessionStore(storage)
      .getState()
      .update({ inviteUUID: 'abc12345', startTime: 42, sessionKey: 'k'.repeat(43), unique: 'session-1' });
    expect(createSessionStore(storage).getState()).toMatchObject({ unique: 'session-1', sessionKey: 'k'.repeat(43) });

    // A session begun before keys existed, or storage that lost the key: no session to write to,
    // but the rest (the invitation, the clock, the answers) stays for the next "Agree & start".
    storage.removeItem('sessionKey');
    expect(createSessionStore(storage).getState()).toMatchObject({
      unique: null,
      inviteUUID: 'abc12345',
      startTime: 42,
    });
  });

  it('ignores corrupt stored values instead of crashing', () => {
    const storage = memoryStorage();
    storage.setItem('answers', '{not json');
    storage.setItem('startTime', 'soon');
    expect(readSession(storage)).toEqual(EMPTY_SESSION);
  });

  it('keeps working in memory when storage is full, and says so', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage(200);
    const store = createSessionStore(storage);
    store.getState().update({ email: 'a@b.example' });
    expect(store.getState().lastSaveFailed).toBe(false);
    store.getState().update({ answers: ['x'.repeat(500), '', ''] });
    expect(store.getState().answers[0]).toHaveLength(500);
    expect(store.getState().lastSaveFailed).toBe(true);
    expect(storage.getItem('email')).toBe('a@b.example');
    error.mockRestore();
  });

  it('works without any storage at all', () => {
    const store = createSessionStore(undefined);
    store.getState().update({ fullName: 'Ada' });
    expect(store.getState().fullName).toBe('Ada');
  });

  it('does not persist the device-gate flag', () => {
    const storage = memoryStorage();
    createSessionStore(storage).getState().setBlocked(true);
    expect(storage.getItem('blocked')).toBeNull();
    expect(createSessionStore(storage).getState().blocked).toBe(false);
  });
});
