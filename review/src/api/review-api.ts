import {
  type AccessLinkInfo,
  accessLinkInfoSchema,
  accessLinkMadeSchema,
  accessLogPageSchema,
  type BulkStageChange,
  bulkInvitationResultSchema,
  bulkStageResultSchema,
  type CompanySettingsUpdate,
  type CreateInvitationPayload,
  candidateDetailSchema,
  candidateNeighboursSchema,
  candidateRatingsSchema,
  candidatesPageSchema,
  companySettingsSchema,
  decisionsSchema,
  deliveryLogSchema,
  genderReportSchema,
  invitationSchema,
  invitationsPageSchema,
  partnerKeyMadeSchema,
  partnerKeysSchema,
  partnerKeyViewSchema,
  type RatingSubmit,
  REVIEW_API_PREFIX,
  type RubricUpdate,
  recoveryCodesSchema,
  reviewSessionSchema,
  reviewTestSchema,
  reviewTestsSchema,
  rubricSchema,
  type SignInAnswer,
  type StageChange,
  signInAnswerSchema,
  type TeammateCreate,
  teamSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  type UpdateInvitationPayload,
  webhookSecretSchema,
  webhookSettingsSchema,
  webhookTestResultSchema,
} from '@assessment/core';
import { requestJson } from './http.ts';

/** A 204 (the endpoint's address changed, its secret kept) reads as null; a first endpoint's answer holds its secret. */
const webhookSetSchema = {
  parse: (answer: unknown) => (answer === undefined ? null : webhookSecretSchema.parse(answer)),
};

/**
 * Every call the review page makes, by what it does. Ids go into paths encoded; the sign-in
 * cookie and the CSRF token are the session's (see session.tsx).
 */

const BASE = REVIEW_API_PREFIX;
const at = (...segments: string[]) => `${BASE}/${segments.map(encodeURIComponent).join('/')}`;

/** Who is signed in in this browser, or null: asked as the page loads, before any sign-in. */
export const whoAmI = async (signal?: AbortSignal) =>
  (await requestJson(`${BASE}/session`, { schema: reviewSessionSchema, signal })).me;

/** Signed in (undefined), or the account needs its two-factor code next (`signInWithCode`). */
export const signIn = (email: string, password: string): Promise<SignInAnswer> =>
  requestJson(`${BASE}/sign-in`, { method: 'POST', body: { email, password }, schema: signInAnswerSchema });

/** The second step of a sign-in: a code of the reviewer's app, or a recovery code. */
export const signInWithCode = (code: string) => requestJson(`${BASE}/sign-in/code`, { method: 'POST', body: { code } });

export const signOut = (csrfToken: string) => requestJson(`${BASE}/sign-out`, { method: 'POST', csrfToken });

/** What a one-time link to set a password is for; no sign-in needed. */
export const accessLink = (secret: string): Promise<AccessLinkInfo> =>
  requestJson(`${BASE}/access-link`, { method: 'POST', body: { secret }, schema: accessLinkInfoSchema });

export const setPasswordByLink = (secret: string, password: string) =>
  requestJson(`${BASE}/access-link/password`, { method: 'POST', body: { secret, password } });

/** The calls a signed-in reviewer makes; `csrfToken` is sent with every change. */
export function reviewerCalls(csrfToken: string) {
  return {
    tests: (signal?: AbortSignal) => requestJson(at('tests'), { schema: reviewTestsSchema, signal }),

    /** Blind review for the test (admins only). */
    setBlindReview: (testId: string, blindReview: boolean) =>
      requestJson(at('tests', testId), {
        method: 'PATCH',
        body: { blindReview },
        csrfToken,
        schema: reviewTestSchema,
      }),

    /** Shows a candidate a blind review hides from this reviewer; on the company's record. */
    reveal: (sessionId: string) =>
      requestJson(at('candidates', sessionId, 'reveal'), { method: 'POST', csrfToken, schema: candidateDetailSchema }),

    setOpenLink: (testId: string, openLinkAllowed: boolean) =>
      requestJson(at('tests', testId), {
        method: 'PATCH',
        body: { openLinkAllowed },
        csrfToken,
        schema: reviewTestSchema,
      }),

    /** A page of the test's candidates: `listed` is the list's order and filter (`listApiParams`), then the page. */
    candidates: (
      testId: string,
      listed: URLSearchParams,
      page: { limit: number; cursor: string | null },
      signal?: AbortSignal,
    ) => {
      const params = new URLSearchParams(listed);
      params.set('limit', String(page.limit));
      if (page.cursor) params.set('cursor', page.cursor);
      return requestJson(`${at('tests', testId, 'candidates')}?${params}`, { schema: candidatesPageSchema, signal });
    },

    /** The candidates before and after this one in the list of that order and filter (`listApiParams`). */
    neighbours: (sessionId: string, listed: URLSearchParams, signal?: AbortSignal) =>
      requestJson(`${at('candidates', sessionId, 'neighbours')}?${listed}`, {
        schema: candidateNeighboursSchema,
        signal,
      }),

    /** The chosen candidates of a test to one stage, each from the stage the list showed them at. */
    setStages: (testId: string, change: BulkStageChange) =>
      requestJson(at('tests', testId, 'stages'), {
        method: 'POST',
        body: change,
        csrfToken,
        schema: bulkStageResultSchema,
      }),

    genderReport: (testId: string, signal?: AbortSignal) =>
      requestJson(at('tests', testId, 'gender-report'), { schema: genderReportSchema, signal }),

    candidate: (sessionId: string, signal?: AbortSignal) =>
      requestJson(at('candidates', sessionId), { schema: candidateDetailSchema, signal }),

    invitations: (testId: string, query: { limit: number; cursor: string | null }, signal?: AbortSignal) => {
      const params = new URLSearchParams({ limit: String(query.limit) });
      if (query.cursor) params.set('cursor', query.cursor);
      return requestJson(`${at('tests', testId, 'invitations')}?${params}`, { schema: invitationsPageSchema, signal });
    },

    createInvitation: (testId: string, invitation: CreateInvitationPayload) =>
      requestJson(at('tests', testId, 'invitations'), {
        method: 'POST',
        body: invitation,
        csrfToken,
        schema: invitationSchema,
      }),

    updateInvitation: (invitationId: string, change: UpdateInvitationPayload) =>
      requestJson(at('invitations', invitationId), {
        method: 'PATCH',
        body: change,
        csrfToken,
        schema: invitationSchema,
      }),

    /** The candidate's stage, its history and the team's notes. */
    decisions: (sessionId: string, signal?: AbortSignal) =>
      requestJson(at('candidates', sessionId, 'decisions'), { schema: decisionsSchema, signal }),

    setStage: (sessionId: string, change: StageChange) =>
      requestJson(at('candidates', sessionId, 'stage'), {
        method: 'PUT',
        body: change,
        csrfToken,
        schema: decisionsSchema,
      }),

    addNote: (sessionId: string, body: string) =>
      requestJson(at('candidates', sessionId, 'notes'), {
        method: 'POST',
        body: { body },
        csrfToken,
        schema: decisionsSchema,
      }),

    rubric: (testId: string, signal?: AbortSignal) =>
      requestJson(at('tests', testId, 'rubric'), { schema: rubricSchema, signal }),

    /** Saves the test's rubric as its next version (admins only); refused (409) when `editedVersion` is no longer the latest. */
    saveRubric: (testId: string, rubric: RubricUpdate) =>
      requestJson(at('tests', testId, 'rubric'), { method: 'PUT', body: rubric, csrfToken, schema: rubricSchema }),

    /** The reviewer's own rating, and the team's once they have given theirs. */
    ratings: (sessionId: string, signal?: AbortSignal) =>
      requestJson(at('candidates', sessionId, 'ratings'), { schema: candidateRatingsSchema, signal }),

    rate: (sessionId: string, rating: RatingSubmit) =>
      requestJson(at('candidates', sessionId, 'ratings', 'mine'), {
        method: 'PUT',
        body: rating,
        csrfToken,
        schema: candidateRatingsSchema,
      }),

    /** The reviewer's own two-factor sign-in, and whether the company requires it. */
    twoFactor: (signal?: AbortSignal) => requestJson(at('two-factor'), { schema: twoFactorStatusSchema, signal }),

    /** A new key for the reviewer's app, kept pending until `confirmTwoFactor`. */
    startTwoFactorSetup: () =>
      requestJson(at('two-factor', 'setup'), { method: 'POST', csrfToken, schema: twoFactorSetupSchema }),

    /** Turns it on with a current code; answers the recovery codes, shown this once. */
    confirmTwoFactor: (code: string) =>
      requestJson(at('two-factor', 'confirm'), {
        method: 'POST',
        body: { code },
        csrfToken,
        schema: recoveryCodesSchema,
      }),

    /** New recovery codes in place of the old ones, with a current code; shown this once. */
    newRecoveryCodes: (code: string) =>
      requestJson(at('two-factor', 'recovery-codes'), {
        method: 'POST',
        body: { code },
        csrfToken,
        schema: recoveryCodesSchema,
      }),

    turnOffTwoFactor: (code: string) =>
      requestJson(at('two-factor', 'off'), { method: 'POST', body: { code }, csrfToken }),

    /** Whether everyone in the company must use it (admins who have it on). */
    setTwoFactorRequired: (required: boolean) =>
      requestJson(at('two-factor', 'requirement'), {
        method: 'PUT',
        body: { required },
        csrfToken,
        schema: twoFactorStatusSchema,
      }),

    /** The company's team (admins only). */
    team: (signal?: AbortSignal) => requestJson(at('team'), { schema: teamSchema, signal }),

    addTeammate: (teammate: TeammateCreate) =>
      requestJson(at('team'), { method: 'POST', body: teammate, csrfToken, schema: accessLinkMadeSchema }),

    /** Ends the teammate's password and sign-ins, and makes them a new link. */
    resetAccess: (reviewerId: string) =>
      requestJson(at('team', reviewerId, 'reset'), { method: 'POST', csrfToken, schema: accessLinkMadeSchema }),

    removeTeammate: (reviewerId: string) => requestJson(at('team', reviewerId), { method: 'DELETE', csrfToken }),

    /** Erases the candidate and every copy of their data (admins only); cannot be undone. */
    eraseCandidate: (sessionId: string) => requestJson(at('candidates', sessionId), { method: 'DELETE', csrfToken }),

    /** The company's access log, newest first, a page at a time (admins only). */
    accessLog: (cursor: string | null, signal?: AbortSignal) =>
      requestJson(cursor ? `${at('access-log')}?${new URLSearchParams({ cursor })}` : at('access-log'), {
        schema: accessLogPageSchema,
        signal,
      }),

    company: (signal?: AbortSignal) => requestJson(at('company'), { schema: companySettingsSchema, signal }),

    changeCompanySettings: (change: CompanySettingsUpdate) =>
      requestJson(at('company'), {
        method: 'PATCH',
        body: change,
        csrfToken,
        schema: companySettingsSchema,
      }),

    /** One invitation per row of a list of candidates (company admins), all or none. */
    createInvitations: (testId: string, csv: string, expiresAt: string) =>
      requestJson(at('tests', testId, 'invitations', 'bulk'), {
        method: 'POST',
        body: { csv, expiresAt },
        csrfToken,
        schema: bulkInvitationResultSchema,
      }),

    /** The company's webhook endpoint (admins). */
    webhook: (signal?: AbortSignal) => requestJson(at('webhook'), { schema: webhookSettingsSchema, signal }),

    /** Sets the endpoint; the first one answers with its secret, shown this once, else nothing. */
    setWebhook: (url: string) =>
      requestJson(at('webhook'), { method: 'PUT', body: { url }, csrfToken, schema: webhookSetSchema }),

    rotateWebhookSecret: () =>
      requestJson(at('webhook', 'rotate'), { method: 'POST', csrfToken, schema: webhookSecretSchema }),

    removeWebhook: () => requestJson(at('webhook'), { method: 'DELETE', csrfToken }),

    /** A test event to the endpoint, sent now; resolves with how it went. */
    testWebhook: () =>
      requestJson(at('webhook', 'test'), { method: 'POST', csrfToken, schema: webhookTestResultSchema }),

    /** The company's newest emails and how each went, and whether email is set up at all. */
    deliveries: (signal?: AbortSignal) => requestJson(at('deliveries'), { schema: deliveryLogSchema, signal }),

    sendAgain: (deliveryId: string) =>
      requestJson(at('deliveries', deliveryId, 'send-again'), { method: 'POST', csrfToken }),

    /** The company's Greenhouse keys, never the keys themselves, and the addresses to give Greenhouse (admins). */
    partnerKeys: (signal?: AbortSignal) => requestJson(at('partner-keys'), { schema: partnerKeysSchema, signal }),

    /** A new Greenhouse key: the answer holds the key, shown this once. */
    makePartnerKey: (name: string) =>
      requestJson(at('partner-keys'), { method: 'POST', body: { name }, csrfToken, schema: partnerKeyMadeSchema }),

    revokePartnerKey: (keyId: string) =>
      requestJson(at('partner-keys', keyId, 'revoke'), { method: 'POST', csrfToken, schema: partnerKeyViewSchema }),

    /** Erases whom the invitation was for, and all they sent if they started (admins only); cannot be undone. */
    eraseInvitee: (invitationId: string) =>
      requestJson(at('invitations', invitationId), { method: 'DELETE', csrfToken, schema: invitationSchema }),

    revokeInvitation: (invitationId: string) =>
      requestJson(at('invitations', invitationId, 'revoke'), { method: 'POST', csrfToken, schema: invitationSchema }),
  };
}

export type ReviewerCalls = ReturnType<typeof reviewerCalls>;

/** Addresses the browser opens itself: the video player's source and the CSV download. */
export const candidateVideoUrl = (sessionId: string) => at('candidates', sessionId, 'video');
/** The test's CSV: the candidates the list shows by default, or every one of them (`all`). */
export const testExportUrl = (testId: string, all = false) =>
  `${at('tests', testId, 'export.csv')}${all ? '?silent=include' : ''}`;
