import type { ProctoringRecord } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswersFinalError } from '../../src/storage/errors.ts';
import { type AllStores, backEnds, type DatabaseUnderTest } from './back-ends.ts';
import { answersOf, opened, tick } from './inputs.ts';

const text = (words: string): [string, string, string] => [`<p>${words}</p>`, '', ''];

describe.each(backEnds)('answers ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let store: AllStores;
  beforeAll(async () => {
    database = await backEnd.createDatabase();
    store = (await database.openInstance()).store;
  });
  afterAll(() => database.remove());

  it('keeps everything a save sends, proctoring included', async () => {
    const sessionId = await opened(store);
    const proctoring: ProctoringRecord = {
      tabSwitches: 3,
      perQuestion: [
        {
          pastes: [{ chars: 120, at: 1_750_000_001_000 }],
          switches: 2,
          switchTimes: [1_750_000_000_500, 1_750_000_000_900],
        },
        { pastes: [], switches: 1 },
        { pastes: [], droppedPastes: 4, switches: 0 },
      ],
    };
    const write = answersOf(sessionId, { revision: 5, savedAt: 1234, proctoring, answers: text('One') });
    expect(await store.saveAnswers(write)).toEqual({ stored: true, revision: 5 });
    expect((await store.getSession(sessionId))?.answers).toEqual({
      answers: text('One'),
      proctoring: write.proctoring,
      revision: 5,
      savedAt: 1234,
      receivedAt: write.receivedAt,
      final: false,
      submittedAt: null,
      finalReason: null,
    });
  });

  it('keeps each of many saves sent at once, two of one session in turn, and refuses only the erased one', async () => {
    const other = (await database.openInstance()).store;
    const [erased, twice, ...rest] = await Promise.all(Array.from({ length: 12 }, () => opened(store)));
    // This instance now knows each session, so it writes without reading it again.
    await Promise.all(
      [erased, twice, ...rest].map((sessionId) =>
        store.saveAnswers(answersOf(sessionId as string, { revision: 1, answers: text('first') })),
      ),
    );
    expect(await other.eraseSession(erased as string, tick(), 'request')).not.toBeNull();
    const results = await Promise.allSettled([
      store.saveAnswers(answersOf(erased as string, { revision: 2, answers: text('gone') })),
      store.saveAnswers(answersOf(twice as string, { revision: 2, answers: text('second') })),
      store.saveAnswers(answersOf(twice as string, { revision: 3, answers: text('third') })),
      ...rest.map((sessionId) => store.saveAnswers(answersOf(sessionId, { revision: 2, answers: text(sessionId) }))),
    ]);
    expect(results[0]?.status).toBe('rejected');
    expect(results.slice(1)).toEqual([
      { status: 'fulfilled', value: { stored: true, revision: 2 } },
      { status: 'fulfilled', value: { stored: true, revision: 3 } },
      ...rest.map(() => ({ status: 'fulfilled', value: { stored: true, revision: 2 } })),
    ]);
    expect((await store.getSession(twice as string))?.answers).toMatchObject({ answers: text('third'), revision: 3 });
    for (const sessionId of rest) {
      expect((await store.getSession(sessionId))?.answers).toMatchObject({ answers: text(sessionId), revision: 2 });
    }
    expect(await store.getSession(erased as string)).toBeUndefined();
  });

  it('keeps the newest answers when an older save arrives late', async () => {
    const sessionId = await opened(store);
    expect(
      await store.saveAnswers(answersOf(sessionId, { revision: 20, savedAt: 2000, answers: text('new') })),
    ).toEqual({ stored: true, revision: 20 });
    expect(
      await store.saveAnswers(answersOf(sessionId, { revision: 10, savedAt: 1000, answers: text('old') })),
    ).toEqual({ stored: false, revision: 20 });
    expect((await store.getSession(sessionId))?.answers).toMatchObject({ answers: text('new'), revision: 20 });
  });

  it('at the same revision keeps the later save, and a repeat changes nothing', async () => {
    const sessionId = await opened(store);
    await store.saveAnswers(answersOf(sessionId, { revision: 7, savedAt: 100, answers: text('first') }));
    const later = answersOf(sessionId, { revision: 7, savedAt: 200, answers: text('later') });
    expect(await store.saveAnswers(later)).toEqual({ stored: true, revision: 7 });
    expect(await store.saveAnswers({ ...later, receivedAt: tick() })).toEqual({ stored: false, revision: 7 });
    expect((await store.getSession(sessionId))?.answers).toMatchObject({
      answers: text('later'),
      receivedAt: later.receivedAt,
    });
  });

  it('counts a final submit that a newer autosave overtook: the candidate submitted', async () => {
    const sessionId = await opened(store);
    await store.saveAnswers(answersOf(sessionId, { revision: 31, answers: text('newest') }));
    const submit = answersOf(sessionId, { revision: 30, final: true, answers: text('older') });
    expect(await store.saveAnswers(submit)).toEqual({ stored: false, revision: 31 });
    expect((await store.getSession(sessionId))?.answers).toMatchObject({
      answers: text('newest'),
      revision: 31,
      final: true,
      submittedAt: submit.receivedAt,
    });
  });

  it('keeps final answers final: a change is refused, a repeat or an old save is answered as such', async () => {
    const sessionId = await opened(store);
    const submit = answersOf(sessionId, { revision: 5, final: true, answers: text('submitted') });
    expect(await store.saveAnswers(submit)).toEqual({ stored: true, revision: 5 });
    const submitted = (await store.getSession(sessionId))?.answers;
    expect(submitted).toMatchObject({ final: true, submittedAt: submit.receivedAt });

    for (const final of [false, true]) {
      const change = store.saveAnswers(answersOf(sessionId, { revision: 6, final, answers: text('changed') }));
      await expect(change).rejects.toBeInstanceOf(AnswersFinalError);
      await expect(change).rejects.toThrow(
        `These answers were submitted at ${new Date(submit.receivedAt).toISOString()} and can no longer change`,
      );
    }
    expect(await store.saveAnswers({ ...submit, receivedAt: tick() })).toEqual({ stored: false, revision: 5 });
    expect(await store.saveAnswers(answersOf(sessionId, { revision: 8, answers: text('submitted') }))).toEqual({
      stored: false,
      revision: 5,
    });
    expect(await store.saveAnswers(answersOf(sessionId, { revision: 2, answers: text('old') }))).toEqual({
      stored: false,
      revision: 5,
    });
    expect((await store.getSession(sessionId))?.answers).toEqual(submitted);
  });
});
