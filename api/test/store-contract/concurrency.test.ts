import { CANDIDATE_STAGES, type CandidateStage } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StageOutcome, StoredStageChange } from '../../src/storage/decisions/decision-store.ts';
import {
  AnswersFinalError,
  InvitationInUseError,
  RecordFinalError,
  SessionKeyError,
} from '../../src/storage/errors.ts';
import type { Feedback } from '../../src/storage/sessions/session-store.ts';
import { newSessionId, testId } from '../helpers.ts';
import { type AllStores, backEnds, type DatabaseUnderTest, twoInstances } from './back-ends.ts';
import {
  answersOf,
  deviceFactsOf,
  feedbackOf,
  keyHashOf,
  opened,
  quizCompleteOf,
  ref,
  registrationOf,
  tick,
} from './inputs.ts';

/** 1 to n in an order that changes with every run. */
function shuffled(n: number): number[] {
  const values = Array.from({ length: n }, (_, index) => index + 1);
  for (let index = values.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [values[index], values[other]] = [values[other] as number, values[index] as number];
  }
  return values;
}

const answersAt = (revision: number): [string, string, string] => [`<p>revision ${revision}</p>`, '', ''];

/** Settles every call, each with its own outcome, as requests in flight at once do. */
const settleAll = <T>(calls: (() => Promise<T>)[]) => Promise.allSettled(calls.map((call) => call()));

describe.each(backEnds)('two instances writing at once ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let a: AllStores;
  let b: AllStores;
  /** The two instances in turn, as a balancer spreads the requests. */
  const either = (index: number) => (index % 2 === 0 ? a : b);

  beforeAll(async () => {
    database = await backEnd.createDatabase();
    [a, b] = await twoInstances(database);
  });
  afterAll(() => database.remove());

  it('keeps the highest of many saves sent at once in any order', async () => {
    const sessionId = await opened(a);
    const revisions = shuffled(60);
    const outcomes = await settleAll(
      revisions.map(
        (revision, index) => () =>
          either(index).saveAnswers(
            answersOf(sessionId, { revision, savedAt: revision, answers: answersAt(revision) }),
          ),
      ),
    );
    for (const [index, outcome] of outcomes.entries()) {
      expect(outcome.status).toBe('fulfilled');
      const { stored, revision } = (outcome as PromiseFulfilledResult<{ stored: boolean; revision: number }>).value;
      // Whatever the order, no answer tells of a held revision older than the save itself.
      expect(stored ? revision === revisions[index] : revision >= (revisions[index] as number)).toBe(true);
    }
    for (const store of [a, b]) {
      expect((await store.getSession(sessionId))?.answers).toMatchObject({ revision: 60, answers: answersAt(60) });
    }
  });

  it('keeps a submit final while saves race it and after: every newer change refused, nothing after it stored', async () => {
    const sessionId = await opened(a);
    const revisions = shuffled(60);
    const outcomes = await settleAll(
      revisions.map(
        (revision, index) => () =>
          either(index).saveAnswers(
            answersOf(sessionId, { revision, savedAt: revision, final: revision === 30, answers: answersAt(revision) }),
          ),
      ),
    );
    const held = (await a.getSession(sessionId))?.answers;
    expect(await b.getSession(sessionId)).toMatchObject({ answers: held });
    // The submit (30) may have been overtaken by a newer save: whichever was held when it arrived
    // became final, and every newer revision after that was refused.
    expect(held).toMatchObject({ final: true, submittedAt: expect.any(Number) });
    const final = held?.revision as number;
    expect(final).toBeGreaterThanOrEqual(30);
    expect(held?.answers).toEqual(answersAt(final));
    for (const [index, outcome] of outcomes.entries()) {
      const revision = revisions[index] as number;
      if (revision > final) expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(AnswersFinalError);
      else expect(outcome.status, `revision ${revision}`).toBe('fulfilled');
    }

    // Newer saves still racing each other once the submit is in: every one refused, on both instances.
    const later = await settleAll(
      shuffled(20).map(
        (step, index) => () =>
          either(index).saveAnswers(answersOf(sessionId, { revision: 60 + step, answers: answersAt(60 + step) })),
      ),
    );
    for (const outcome of later) expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(AnswersFinalError);
    expect((await b.getSession(sessionId))?.answers).toEqual(held);
  });

  it('stores repeats sent at once only once: a registration, a device check, a notice, an upload', async () => {
    const sessionId = newSessionId();
    const registrations = await settleAll(
      Array.from(
        { length: 8 },
        (_, index) => () =>
          either(index).saveRegistration(ref(sessionId), keyHashOf(sessionId), registrationOf(sessionId)),
      ),
    );
    expect(registrations.map((outcome) => outcome.status)).toEqual(Array(8).fill('fulfilled'));

    const checks = await settleAll(
      Array.from({ length: 8 }, (_, index) => () => {
        const passes = index % 3 !== 0;
        const facts = deviceFactsOf(passes ? {} : { permission: 'denied' });
        return either(index).saveDeviceCheck(ref(sessionId), 'same-check', facts, passes);
      }),
    );
    const results = checks.map((outcome) => (outcome as PromiseFulfilledResult<boolean>).value);
    expect(new Set(results).size).toBe(1);

    const notices = Array.from({ length: 8 }, (_, index) => ({
      at: tick(),
      notice: quizCompleteOf(sessionId, `n${index}`),
    }));
    await settleAll(
      notices.map(
        ({ at, notice }, index) =>
          () =>
            either(index).saveQuizComplete(ref(sessionId, at), notice),
      ),
    );
    await settleAll(
      Array.from(
        { length: 8 },
        (_, index) => () =>
          either(index).startVideoUpload({
            ...ref(sessionId),
            uploadId: 'one-upload',
            recordingId: null,
            declaredType: null,
          }),
      ),
    );

    const record = await b.getSession(sessionId);
    expect((await a.listSessions({ limit: 200 })).sessions.filter((one) => one.sessionId === sessionId)).toHaveLength(
      1,
    );
    expect(record?.deviceChecks).toHaveLength(1);
    expect(record?.deviceChecks[0]?.result).toBe(results[0]);
    expect(notices).toContainEqual({ at: record?.quizComplete?.receivedAt, notice: record?.quizComplete?.payload });
    expect(record?.videos.map((video) => video.uploadId)).toEqual(['one-upload']);
  });

  it('keeps the first of feedbacks sent at once: the same one again taken, every other refused', async () => {
    const sessionId = await opened(a);
    const feedbacks = Array.from({ length: 8 }, (_, index) =>
      feedbackOf(sessionId, { feedback: index % 2 === 0 ? 'Same words.' : `Other words ${index}.` }),
    );
    const outcomes = await settleAll(
      feedbacks.map((feedback, index) => () => either(index).saveFeedback(ref(sessionId), feedback)),
    );
    const held = (await b.getSession(sessionId))?.feedback?.payload;
    expect(feedbacks).toContainEqual(held);
    for (const [index, outcome] of outcomes.entries()) {
      if ((feedbacks[index] as Feedback).feedback === held?.feedback) expect(outcome.status).toBe('fulfilled');
      else expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(RecordFinalError);
    }
  });

  it('makes one of many stage changes sent at once from the same stage, and refuses the rest unwritten', async () => {
    const sessionId = await opened(a);
    const changeFrom = async (from: CandidateStage) => {
      const targets = CANDIDATE_STAGES.filter((stage) => stage !== from);
      const outcomes = await settleAll(
        Array.from(
          { length: 12 },
          (_, index) => () =>
            either(index).setStage({
              sessionId,
              from,
              to: targets[index % targets.length] as CandidateStage,
              reason: null,
              actor: `Reviewer ${index}`,
              reviewerId: `reviewer-${index}`,
              at: tick(),
            }),
        ),
      );
      const made = outcomes.flatMap((outcome) => {
        expect(outcome.status).toBe('fulfilled');
        const { value } = outcome as PromiseFulfilledResult<StageOutcome>;
        if (value.outcome === 'changed') return [value.change];
        expect(value).toEqual({ outcome: 'moved-meanwhile' });
        return [];
      });
      expect(made).toHaveLength(1);
      return made[0] as StoredStageChange;
    };
    // From `new`, the candidate's first stage row; then from the stage the winner set, its update.
    const first = await changeFrom('new');
    const second = await changeFrom(first.to);
    for (const store of [a, b]) {
      expect(await store.decisions(sessionId)).toEqual({ stage: second.to, history: [first, second], notes: [] });
    }
  });

  it('binds a session to one key when two keys register it at once', async () => {
    const sessionId = newSessionId();
    const keys = Array.from({ length: 6 }, () => keyHashOf(newSessionId()));
    const outcomes = await settleAll(
      keys.map(
        (keyHash, index) => () => either(index).saveRegistration(ref(sessionId), keyHash, registrationOf(sessionId)),
      ),
    );
    const winners = keys.filter((_, index) => outcomes[index]?.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    for (const outcome of outcomes.filter((one) => one.status === 'rejected')) {
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(SessionKeyError);
    }
    for (const store of [a, b]) {
      expect(await store.sessionOfKey(winners[0] as string)).toEqual({ sessionId, testId, invitationId: null });
    }
  });

  it('binds a personal link to one session when browsers register with it at once', async () => {
    const createdAt = tick();
    const invitationId = 'inv_00000000000000aa';
    await a.createInvitation({
      invitationId,
      testId,
      invitationToken: 'racedlinkracedlinkracedlin',
      email: 'raced@example.com',
      name: null,
      createdAt,
      expiresAt: createdAt + 86_400_000,
      extraTimePercent: 0,
    });
    const sessions = Array.from({ length: 6 }, () => newSessionId());
    const outcomes = await settleAll(
      sessions.map(
        (sessionId, index) => () =>
          either(index).saveRegistration(ref(sessionId), keyHashOf(sessionId), registrationOf(sessionId), invitationId),
      ),
    );
    const winners = sessions.filter((_, index) => outcomes[index]?.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    for (const outcome of outcomes.filter((one) => one.status === 'rejected')) {
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(InvitationInUseError);
    }
    for (const store of [a, b]) {
      expect(await store.getInvitation(invitationId)).toMatchObject({ sessionId: winners[0] });
      for (const sessionId of sessions.filter((one) => one !== winners[0])) {
        expect(await store.getSession(sessionId)).toBeUndefined();
      }
    }
  });

  it('lets two instances that start at once on an empty database migrate it once', async () => {
    const empty = await backEnd.createDatabase();
    try {
      const [first, second] = await Promise.all([empty.openInstance(), empty.openInstance()]);
      const sessionId = await opened(first.store);
      expect(await second.store.getSession(sessionId)).toMatchObject({ sessionId, testId });
      const third = await empty.openInstance();
      expect((await third.store.listSessions({ limit: 10 })).sessions).toHaveLength(1);
    } finally {
      await empty.remove();
    }
  });
});
