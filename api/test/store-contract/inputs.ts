import {
  type AnswersPayload,
  answersSchema,
  type DeviceCheckPayload,
  deviceCheckSchema,
  type FeedbackPayload,
  feedbackSchema,
  quizCompleteSchema,
  type RegistrationPayload,
  registrationSchema,
} from '@assessment/core';
import { hashSessionKey } from '../../src/http/candidate-access.ts';
import { splitDemographics } from '../../src/privacy/demographics.ts';
import type {
  AnswersWrite,
  DeviceCheckFacts,
  Feedback,
  QuizComplete,
  SessionRef,
  SessionStore,
  StoredRegistration,
} from '../../src/storage/sessions/session-store.ts';
import { answers, deviceCheck, feedback, keyOf, newSessionId, quizComplete, registration, testId } from '../helpers.ts';

/**
 * What the routes hand the store, made the way the routes make it: a payload as the browser sends
 * it, through the API's own schema. The clock is the test's, so every time is known.
 */

let clock = 1_760_000_000_000;
/** A server clock a millisecond later at every call. */
export function tick(): number {
  clock += 1;
  return clock;
}

export function ref(sessionId: string, receivedAt = tick(), test = testId): SessionRef {
  return { sessionId, testId: test, receivedAt };
}

/** The hash of the key the session's "browser" holds (`keyOf`), as the key check computes it. */
export function keyHashOf(sessionId: string): string {
  return hashSessionKey(keyOf(sessionId));
}

/** As the route stores it: without the invitation token and the demographic answer. */
export function registrationOf(sessionId: string, overrides: Partial<RegistrationPayload> = {}): StoredRegistration {
  const { invitation: _token, ...parsed } = registrationSchema.parse(registration(sessionId, overrides));
  return splitDemographics(parsed, 'Lumenvault').details;
}

export function answersOf(
  sessionId: string,
  overrides: Partial<AnswersPayload> & { receivedAt?: number } = {},
): AnswersWrite {
  const { receivedAt = tick(), ...payload } = overrides;
  const parsed = answersSchema.parse(answers(sessionId, payload));
  return {
    ...ref(sessionId, receivedAt),
    answers: parsed.answers,
    proctoring: parsed.proctoring,
    revision: parsed.revision,
    savedAt: parsed.savedAt,
    final: parsed.final,
    finalReason: parsed.finalReason ?? null,
  };
}

export function quizCompleteOf(sessionId: string, userName = 'Ada Lovelace'): QuizComplete {
  return quizCompleteSchema.parse({ ...quizComplete(sessionId), userName });
}

export function deviceFactsOf(overrides: Partial<DeviceCheckPayload['facts']> = {}): DeviceCheckFacts {
  const check = deviceCheck('unused-session');
  return deviceCheckSchema.parse({ ...check, facts: { ...check.facts, ...overrides } }).facts;
}

export function feedbackOf(sessionId: string, overrides: Partial<FeedbackPayload> = {}): Feedback {
  return feedbackSchema.parse(feedback(sessionId, overrides));
}

/** Registers a new session with its own key, and returns its id. */
export async function opened(store: SessionStore, receivedAt = tick(), sessionId = newSessionId()): Promise<string> {
  await store.saveRegistration(ref(sessionId, receivedAt), keyHashOf(sessionId), registrationOf(sessionId));
  return sessionId;
}
