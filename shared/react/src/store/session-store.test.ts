import { type KeyValueStorage, memoryStorage, recordErasedSession, SECTIONS } from '@assessment/core';
import { describe, expect, it, vi } from 'vitest';
import { flagField, optionalNumberField, textField, textListField } from './session-fields.ts';
import {
  createSessionStore,
  EMPTY_SESSION,
  isSessionOfLink,
  readSession,
  SESSION_SLICES_KEY,
} from './session-store.ts';

/** The slices the three section remotes define, as each defines its own. */
function withSectionSlices(storage: KeyValueStorage | undefined) {
  const store = createSessionStore(storage);
  return {
    store,
    quiz: store.defineSlice('quiz', { answers: textListField(['', '', '']), quizSubmitted: flagField() }),
    video: store.defineSlice('video', { VideoRecorded: flagField(), noVideo: flagField() }),
    feedback: store.defineSlice('feedback', {
      currentScore: optionalNumberField(),
      feedback: textField(),
      feedbackSent: flagField(),
    }),
  };
}

function section(id: string) {
  const found = SECTIONS.byId(id);
  if (!found) throw new Error(`no section ${id}`);
  return found;
}

describe('session store', () => {
  it('writes each field to its own key, under the storage names the product has always used', () => {
    const storage = memoryStorage();
    const { store, quiz, video, feedback } = withSectionSlices(storage);
    store.getState().update({
      testId: 'abc12345',
      email: 'ada@lovelace.example',
      fullName: 'Ada Lovelace',
      social: 'https://social.example/ada',
      gender: 'Female',
      declaration: true,
      term: true,
      workExperience: '7+ Years',
      startTime: 1_700_000_000_000,
    });
    quiz.update({ answers: ['<p>a</p>', '', ''] });
    video.update({ VideoRecorded: true });
    feedback.update({ currentScore: 4, feedback: 'Good' });
    store.getState().update({ company: 'Lumenvault' });

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
    const before = withSectionSlices(storage);
    before.store.getState().update({ email: 'a@b.example', startTime: 42 });
    before.quiz.update({ answers: ['x', 'y', 'z'] });
    const reloaded = withSectionSlices(storage);
    expect(reloaded.store.getState().email).toBe('a@b.example');
    expect(reloaded.store.getState().startTime).toBe(42);
    expect(reloaded.quiz.getState().answers).toEqual(['x', 'y', 'z']);
  });

  it('holds a session only together with its key', () => {
    const storage = memoryStorage();
    createSessionStore(storage)
      .getState()
      .update({ testId: 'abc12345', startTime: 42, sessionKey: 'k'.repeat(43), sessionId: 'session-1' });
    expect(createSessionStore(storage).getState()).toMatchObject({
      sessionId: 'session-1',
      sessionKey: 'k'.repeat(43),
    });

    // A session begun before keys existed, or storage that lost the key: no session to write to,
    // but the rest (the invitation, the clock, the answers) stays for the next "Agree & start".
    storage.removeItem('sessionKey');
    expect(createSessionStore(storage).getState()).toMatchObject({
      sessionId: null,
      testId: 'abc12345',
      startTime: 42,
    });
  });

  it("keeps a personal invitation's token and extra time with the session, and tells its link from the open one", () => {
    const storage = memoryStorage();
    const token = 'k3m9p2x7q4w8e1r5t6y0u2i3o4';
    createSessionStore(storage)
      .getState()
      .update({
        testId: 'abc12345',
        invitationToken: token,
        extraTimePercent: 50,
        sessionKey: 'k'.repeat(43),
        sessionId: 'session-1',
      });
    expect(storage.getItem('invitationToken')).toBe(token);
    expect(storage.getItem('extraTimePercent')).toBe('50');

    const session = createSessionStore(storage).getState();
    expect(session).toMatchObject({ invitationToken: token, extraTimePercent: 50 });
    expect(isSessionOfLink(session, { testId: 'abc12345', invitationToken: token })).toBe(true);
    expect(isSessionOfLink(session, { testId: 'abc12345', invitationToken: null })).toBe(false);
    expect(isSessionOfLink(session, { testId: 'xyz12345', invitationToken: token })).toBe(false);

    // The open link's session has no token: the key is removed, not left from an earlier invitation.
    createSessionStore(storage).getState().update({ invitationToken: null, extraTimePercent: null });
    expect(storage.getItem('invitationToken')).toBeNull();
    expect(isSessionOfLink(readSession(storage), { testId: 'abc12345', invitationToken: null })).toBe(true);
  });

  it('ignores corrupt stored values instead of crashing', () => {
    const storage = memoryStorage();
    storage.setItem('answers', '{not json');
    storage.setItem('startTime', 'soon');
    expect(readSession(storage)).toEqual(EMPTY_SESSION);
    expect(withSectionSlices(storage).quiz.getState().answers).toEqual(['', '', '']);
  });

  it('keeps working in memory when storage is full, and says so', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage(300);
    const { store, quiz } = withSectionSlices(storage);
    store.getState().update({ email: 'a@b.example' });
    expect(store.getState().lastSaveFailed).toBe(false);
    quiz.update({ answers: ['x'.repeat(500), '', ''] });
    expect(quiz.getState().answers[0]).toHaveLength(500);
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

  it('starts a new session with every section afresh, also those whose remote this page never loaded', () => {
    const storage = memoryStorage();
    const earlier = withSectionSlices(storage);
    earlier.quiz.update({ answers: ['<p>old</p>', '', ''] });
    earlier.video.update({ VideoRecorded: true });
    earlier.feedback.update({ currentScore: 2, feedback: 'Old' });

    // A later page: the landing page, where no section remote is loaded.
    const landing = createSessionStore(storage);
    landing.getState().startNewSession({ testId: 'abc12345', sessionId: 'session-2', company: 'Lumenvault' });
    expect(storage.getItem('answers')).toBe('["","",""]');
    expect(storage.getItem('VideoRecorded')).toBe('false');
    expect(storage.getItem('noVideo')).toBe('false');
    expect(storage.getItem('currentScore')).toBeNull();
    expect(storage.getItem('feedback')).toBe('');
    expect(storage.getItem('unique')).toBe('session-2');

    const onPage = withSectionSlices(storage);
    onPage.quiz.update({ answers: ['<p>new</p>', '', ''] });
    onPage.store.getState().startNewSession({ sessionId: 'session-3' });
    expect(onPage.quiz.getState().answers).toEqual(['', '', '']);
  });

  it('starts a new session cleanly in a browser that ran the version before slices', () => {
    const storage = memoryStorage();
    for (const [key, value] of Object.entries({
      answers: '["<p>old</p>","",""]',
      VideoRecorded: 'true',
      currentScore: '3',
    })) {
      storage.setItem(key, value);
    }
    createSessionStore(storage).getState().startNewSession({ sessionId: 'session-2' });
    expect(storage.getItem('answers')).toBe('["","",""]');
    expect(storage.getItem('VideoRecorded')).toBe('false');
    expect(storage.getItem('currentScore')).toBeNull();
  });

  it('tells whether a section is finished by the flags its registry entry names', () => {
    const storage = memoryStorage();
    const landing = createSessionStore(storage);
    expect(landing.isSectionFinished(section('video'))).toBe(false);
    expect(landing.isSectionFinished(section('quiz'))).toBe(false);
    expect(landing.isSectionFinished(undefined)).toBe(false);
    // Written by the video section on another page.
    storage.setItem('noVideo', 'true');
    expect(landing.isSectionFinished(section('video'))).toBe(true);

    const { store, video } = withSectionSlices(memoryStorage());
    const changes: boolean[] = [];
    store.subscribeAll(() => changes.push(store.isSectionFinished(section('video'))));
    video.update({ VideoRecorded: true });
    expect(changes).toEqual([false, true]);
    video.reset();
    store.markSectionFinished(section('video'));
    expect(video.getState().VideoRecorded).toBe(true);
  });

  it('refuses a section slice without the flags the registry says the section keeps', () => {
    expect(() => createSessionStore(memoryStorage()).defineSlice('video', { VideoRecorded: flagField() })).toThrow(
      /must hold noVideo/,
    );
  });

  it('remembers each slice once, under its own key', () => {
    const storage = memoryStorage();
    withSectionSlices(storage);
    expect(JSON.parse(storage.getItem(SESSION_SLICES_KEY) ?? '{}')).toEqual({
      quiz: { answers: '["","",""]', quizSubmitted: 'false' },
      video: { VideoRecorded: 'false', noVideo: 'false' },
      feedback: { currentScore: null, feedback: '', feedbackSent: 'false' },
    });
  });
});

describe('sessions of other links set aside', () => {
  const linkA = { testId: 'abc12345', invitationToken: 'tokena' };
  const linkB = { testId: 'xyz98765', invitationToken: null };

  /** Agreeing on a link, as the landing page does: a new session, unless one of it was set aside. */
  function agree(store: ReturnType<typeof createSessionStore>, link: typeof linkA | typeof linkB, name: string) {
    if (store.continueEarlierSession(link)) return;
    store
      .getState()
      .startNewSession({ ...link, sessionKey: `key-${name}`, sessionId: `session-${name}`, startTime: 1 });
  }

  /** Session a answered and in its quiz, then set aside as link B starts session b. */
  function answeredASetAsideForB(storage: KeyValueStorage) {
    const slices = withSectionSlices(storage);
    agree(slices.store, linkA, 'a');
    slices.quiz.update({ answers: ['<p>a</p>', '', ''] });
    storage.setItem('quizProgress', '{"unique":"session-a","startedAt":5}');
    agree(slices.store, linkB, 'b');
    return slices;
  }

  it('sets an unfinished session aside when another link starts, and puts it back, answers and progress with it', () => {
    const storage = memoryStorage();
    const { store, quiz } = answeredASetAsideForB(storage);
    expect(store.getState()).toMatchObject({ ...linkB, sessionId: 'session-b', sessionKey: 'key-b' });
    expect(quiz.getState().answers).toEqual(['', '', '']);
    expect(store.earlierSessionOf(linkA)).toMatchObject({ sessionId: 'session-a', sessionKey: 'key-a' });
    expect(store.earlierSessionOf(linkB)).toBeUndefined();
    quiz.update({ answers: ['<p>b</p>', '', ''] });
    storage.setItem('quizProgress', '{"unique":"session-b","startedAt":9}');

    agree(store, linkA, 'a2');
    expect(store.getState()).toMatchObject({ ...linkA, sessionId: 'session-a', sessionKey: 'key-a' });
    expect(quiz.getState().answers).toEqual(['<p>a</p>', '', '']);
    expect(storage.getItem('answers')).toBe('["<p>a</p>","",""]');
    expect(storage.getItem('inviteUUID')).toBe('abc12345');
    expect(storage.getItem('quizProgress')).toBe('{"unique":"session-a","startedAt":5}');
    expect(store.earlierSessionOf(linkA)).toBeUndefined();
    expect(store.earlierSessionOf(linkB)).toMatchObject({ sessionId: 'session-b', sessionKey: 'key-b' });

    // A page that loaded no section reads the session put back from storage alone.
    const later = withSectionSlices(storage);
    agree(later.store, linkB, 'b2');
    expect(later.store.getState()).toMatchObject({ sessionId: 'session-b', sessionKey: 'key-b' });
    expect(later.quiz.getState().answers).toEqual(['<p>b</p>', '', '']);
  });

  it('sets nothing aside once the assessment is finished, or without a session key', () => {
    const storage = memoryStorage();
    const { store, feedback } = withSectionSlices(storage);
    agree(store, linkA, 'a');
    feedback.update({ feedbackSent: true });
    agree(store, linkB, 'b');
    expect(store.earlierSessionOf(linkA)).toBeUndefined();

    storage.removeItem('sessionKey');
    const keyless = createSessionStore(storage);
    agree(keyless, linkA, 'a2');
    expect(keyless.earlierSessionOf(linkB)).toBeUndefined();
    expect(keyless.continueEarlierSession(linkB)).toBe(false);
  });

  /** Every key storage holds, with its value. */
  function stored(storage: ReturnType<typeof memoryStorage>, keys: string[]) {
    return Object.fromEntries(keys.map((key) => [key, storage.getItem(key)]).filter(([, value]) => value !== null));
  }

  const KEYS = [
    'inviteUUID',
    'testUUID',
    'unique',
    'sessionKey',
    'fullName',
    'email',
    'gender',
    'answers',
    'quizProgress',
    'feedbackDraft',
    'feedback',
    'earlierSessions',
  ];

  it('forgets the erased session held now, every key of it, and writes nothing of it again', () => {
    const storage = memoryStorage();
    const { store, quiz, feedback } = withSectionSlices(storage);
    agree(store, linkA, 'a');
    agree(store, linkB, 'b');
    store.getState().update({ fullName: 'Bea', email: 'bea@example.example', gender: 'female' });
    quiz.update({ answers: ['<p>b</p>', '', ''] });
    feedback.update({ feedback: 'fine' });
    storage.setItem('quizProgress', '{"unique":"session-b","startedAt":9}');
    storage.setItem('feedbackDraft', '{"unique":"session-b","rating":3,"comment":"fine"}');

    expect(store.forgetSession('session-b')).toBe(true);
    expect(JSON.stringify(stored(storage, KEYS))).not.toMatch(/session-b|key-b|Bea|<p>b|fine/);
    expect(store.getState()).toMatchObject({ sessionId: null, sessionKey: null, fullName: '', erasedLink: linkB });
    expect(quiz.getState().answers).toEqual(['', '', '']);
    // Its quiz, closing, saves what was typed: this page keeps it, storage does not.
    quiz.update({ answers: ['<p>b late</p>', '', ''] });
    expect(storage.getItem('answers')).toBeNull();
    expect(store.getState().lastSaveFailed).toBe(false);
    // The session set aside before it is another one, and stays.
    expect(store.earlierSessionOf(linkA)).toMatchObject({ sessionId: 'session-a', sessionKey: 'key-a' });

    agree(store, linkB, 'b2');
    quiz.update({ answers: ['<p>new</p>', '', ''] });
    expect(storage.getItem('answers')).toBe('["<p>new</p>","",""]');
    expect(storage.getItem('unique')).toBe('session-b2');
    expect(store.getState().erasedLink).toBeNull();
  });

  it('forgets an erased session set aside, and leaves the session held now as it is', () => {
    const storage = memoryStorage();
    const { store, quiz } = answeredASetAsideForB(storage);
    quiz.update({ answers: ['<p>b</p>', '', ''] });
    const held = stored(
      storage,
      KEYS.filter((key) => key !== 'earlierSessions' && key !== 'quizProgress'),
    );

    expect(store.forgetSession('session-a')).toBe(true);
    expect(store.earlierSessionOf(linkA)).toBeUndefined();
    expect(JSON.stringify(stored(storage, KEYS))).not.toMatch(/session-a|key-a|<p>a/);
    expect(stored(storage, KEYS)).toEqual(held);
    expect(store.getState()).toMatchObject({ sessionId: 'session-b', sessionKey: 'key-b', erasedLink: null });
  });

  it("writes nothing of a session another tab recorded as erased, and goes on writing another session's", () => {
    const storage = memoryStorage();
    const first = withSectionSlices(storage);
    agree(first.store, linkB, 'b');
    first.quiz.update({ answers: ['<p>b</p>', '', ''] });
    // The second tab, loaded meanwhile, holds the same session in memory.
    const second = withSectionSlices(storage);
    // A session erased elsewhere and never held here changes nothing of this one's writes.
    expect(recordErasedSession(storage, 'session-x', true)).toBe(true);
    second.quiz.update({ answers: ['<p>b2</p>', '', ''] });
    expect(storage.getItem('answers')).toBe('["<p>b2</p>","",""]');

    expect(first.store.forgetSession('session-b')).toBe(true);
    expect(recordErasedSession(storage, 'session-b', true)).toBe(true);
    const forgotten = stored(storage, KEYS);
    second.quiz.update({ answers: ['<p>b late</p>', '', ''] });
    second.store.getState().update({ fullName: 'Bea' });
    second.store.markSectionFinished(section('quiz'));
    expect(stored(storage, KEYS)).toEqual(forgotten);
    expect(JSON.stringify(stored(storage, KEYS))).not.toMatch(/session-b|key-b|Bea|<p>b/);

    // A new session there: the erased one is not set aside, the new one is written as ever.
    agree(second.store, linkA, 'a');
    second.quiz.update({ answers: ['<p>a</p>', '', ''] });
    expect(second.store.earlierSessionOf(linkB)).toBeUndefined();
    expect(storage.getItem('unique')).toBe('session-a');
    expect(storage.getItem('answers')).toBe('["<p>a</p>","",""]');
    expect(JSON.stringify(stored(storage, KEYS))).not.toMatch(/session-b|key-b|<p>b/);
  });
});
