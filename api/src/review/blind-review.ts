import { createHash } from 'node:crypto';
import type { CandidateDetail, CandidateSummary, SessionView } from '@assessment/core';
import type { BlindStore } from '../storage/blind/blind-store.ts';

/**
 * Blind review (issue 24). While it is on for a test, each reviewer sees each candidate they have
 * neither rated nor chosen to show as a short code: the server leaves the name, contact, links,
 * work experience, video and device out of everything it sends that reviewer, so no response can
 * give them away.
 */

/**
 * The catalogue's tests when blind review arrived. Their reviewers go on seeing candidates as
 * before until an admin turns it on; a test added to the catalogue since starts blind.
 */
const BEFORE_BLIND_REVIEW = new Set(
  (
    '0sma2sll 0zn3x0pd 1dybv7zx 2xh6d29o 3c4bhoqm 3vjmqzmj 4uzepz1q 5sgz278v 65e54x59 6dhiwn6k 9m2wykp4 ' +
    'a90atzl8 az4ftv82 b61cua0z bb5a2odu bxt1etsh ciz73s0v dzcuu1fg ead2by89 esok50ll ewio4uje fpuw23yd ' +
    'g02vdhld g2lbc7rd g3awm3tv hnlnh61q ilsanj7c jeqqa3qi kb86w04n m1hd8035 nuj0ewu1 ol1yxm13 p08kftt6 ' +
    'p7317bd9 pcivdm3r ppxx71c9 qxryon8j rfc048tt rtfkbh2d sd9d2vey sg9u5xwq ssk3843w sun7av8b thd0wtfl ' +
    'u9taheak ui8hvqin vxhv04he w78ujk32 x0gsaxmk x7m0uel9 xczyr4vm'
  ).split(' '),
);

export const blindByDefault = (testId: string): boolean => !BEFORE_BLIND_REVIEW.has(testId);

/** Of the tests, those in blind review: one read of their settings, however many tests. */
export async function blindTestsAmong(blind: BlindStore, testIds: Iterable<string>): Promise<Set<string>> {
  const ids = [...new Set(testIds)];
  const settings = await blind.blindSettings(ids);
  return new Set(ids.filter((testId) => settings.get(testId) ?? blindByDefault(testId)));
}

export async function testIsBlind(blind: BlindStore, testId: string): Promise<boolean> {
  return (await blindTestsAmong(blind, [testId])).has(testId);
}

/** A candidate's stable short code, the same for every reviewer: four hex digits of the session id's hash. */
export const blindCode = (sessionId: string): string =>
  createHash('sha256').update(sessionId).digest('hex').slice(0, 4).toUpperCase();

/** Whether the candidate is hidden from the reviewer: the test is blind, and they have neither rated nor shown them. */
export async function hiddenFrom(
  blind: BlindStore,
  reviewerId: string,
  testId: string,
  sessionId: string,
): Promise<boolean> {
  return (await hiddenAmong(blind, reviewerId, [{ sessionId, testId }])).has(sessionId);
}

/**
 * Of the candidates, those hidden from the reviewer: one read of their tests' settings and one
 * `seenBy` for all of them, however many candidates and tests there are.
 */
export async function hiddenAmong(
  blind: BlindStore,
  reviewerId: string,
  candidates: readonly { sessionId: string; testId: string }[],
): Promise<Set<string>> {
  const blindTests = await blindTestsAmong(
    blind,
    candidates.map((candidate) => candidate.testId),
  );
  const inBlindTests = candidates.filter((candidate) => blindTests.has(candidate.testId)).map((one) => one.sessionId);
  const seen = await blind.seenBy(reviewerId, inBlindTests);
  return new Set(inBlindTests.filter((sessionId) => !seen.has(sessionId)));
}

/** A view of the candidate without what says who they are: registration, invitation, video, device checks. */
export const withoutIdentity = <
  View extends Pick<SessionView, 'invitationId' | 'registration' | 'video' | 'deviceChecks'>,
>(
  view: View,
): View => ({ ...view, invitationId: null, registration: null, video: null, deviceChecks: [] });

/** The candidate as a blind reviewer gets them: no registration, invitation, video or device checks. */
export const blindDetail = (detail: CandidateDetail): CandidateDetail => ({
  ...withoutIdentity(detail),
  invitation: null,
  blind: { code: blindCode(detail.sessionId) },
});

export const blindSummary = (row: CandidateSummary): CandidateSummary => ({
  ...row,
  fullName: null,
  email: null,
  invitationId: null,
  blindCode: blindCode(row.sessionId),
  registrationsOfEmail: null,
});
