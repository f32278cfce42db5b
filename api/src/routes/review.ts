import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type BulkStageResult,
  bulkStageChangeSchema,
  type CandidateStage,
  type CompanySettings,
  candidatesExportQuerySchema,
  companySettingsUpdateSchema,
  type DeliveryLog,
  type GenderReport,
  noteCreateSchema,
  type ReviewerMe,
  type ReviewSession,
  type ReviewTest,
  type ShownStage,
  stageChangeSchema,
  type TestDefinition,
  testSettingsUpdateSchema,
  testsOfCompany,
  WEBHOOK_HTTPS_ONLY,
  WEBHOOK_TEST_EVENT,
  type WebhookSecret,
  type WebhookSettings,
  type WebhookTestResult,
  webhookUpdateSchema,
} from '@assessment/core';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeJson } from '../admin/safe-json.ts';
import { describeError } from '../backends.ts';
import { reviewerCsv } from '../export/review-export.ts';
import { HttpError, parseOrRefuse } from '../http/errors.ts';
import {
  lookerOf,
  recordInvitationChange,
  recordInvitationListLooks,
  recordListLooks,
  recordLooks,
  recordMessageListLooks,
  recordReveal,
  recordVideoLook,
} from '../privacy/access-records.ts';
import { eraseCandidate, eraseInvitee } from '../privacy/erasure.ts';
import { genderReport } from '../privacy/gender-report.ts';
import { accessLogPage } from '../review/access-log.ts';
import {
  blindDetail,
  blindSummary,
  blindTestsAmong,
  hiddenAmong,
  hiddenFrom,
  testIsBlind,
} from '../review/blind-review.ts';
import { candidateDetail, candidateNeighbours, listCandidates, requireFound } from '../review/candidates.ts';
import { companyInvitation, companySession, companyTest, signedIn } from '../review/company-scope.ts';
import {
  actorName,
  decisionsView,
  listedStageReason,
  stageMovedMeanwhile,
  stageReasonsChangedMeanwhile,
  stageReasonsView,
} from '../review/decisions.ts';
import {
  DELIVERIES_SHOWN,
  deliveryView,
  hiddenRecipientCode,
  partnerReportView,
  receiptCandidates,
} from '../review/delivery-log.ts';
import {
  changeInvitation,
  createInvitation,
  createInvitations,
  invitationView,
  listInvitations,
  revokeInvitation,
} from '../review/invitation-actions.ts';
import { judgementFirst, judgementWithheld } from '../review/judgement.ts';
import {
  findTrustedBrowser,
  requireCompanyAdmin,
  requireReviewer,
  signIn,
  signInWithCode,
  signOut,
} from '../review/reviewer-auth.ts';
import type { TestCounts } from '../storage/candidates/candidate-store.ts';
import { SEND_AGAIN_AFTER_MS } from '../storage/deliveries/delivery-store.ts';
import type { InvitationStore } from '../storage/invitations/invitation-store.ts';
import type { SessionRecord } from '../storage/sessions/session-store.ts';
import { postWebhook, WebhookRefused } from '../webhooks/webhook-post.ts';
import { newWebhookSecret } from '../webhooks/webhook-secret.ts';
import { sendVideo } from './admin.ts';
import type { RouteDeps } from './deps.ts';
import { registerInsightsRoutes } from './review-insights.ts';
import { registerPartnerKeyRoutes } from './review-partner-keys.ts';
import { registerRatingRoutes } from './review-ratings.ts';
import { registerTeamRoutes } from './review-team.ts';
import { registerTwoFactorRoutes } from './review-two-factor.ts';
import { SMALL_BODY_LIMIT } from './session-ref.ts';

/** A list of candidates: `MAX_BULK_CSV_CHARS` characters, with room for JSON's escapes and UTF-8. */
const BULK_BODY_LIMIT = 512 * 1024;

type TestParams = { Params: { testId: string } };
type SessionParams = { Params: { sessionId: string } };
type InvitationParams = { Params: { invitationId: string } };

/**
 * `counts` and `blindTests` come from one call each for all the tests listed (`testCounts`,
 * `blindTestsAmong`), not one query per test.
 */
async function reviewTest(
  { invitations }: { invitations: InvitationStore },
  test: TestDefinition,
  counts: Map<string, TestCounts>,
  blindTests: Set<string>,
): Promise<ReviewTest> {
  const openLinkAllowed = await invitations.openLinkAllowed(test.uuid);
  return {
    blindReview: blindTests.has(test.uuid),
    testId: test.uuid,
    roleName: test.roleName,
    timeLimitInMinute: test.timeLimitInMinute,
    questionCount: test.questionCount,
    openLinkAllowed,
    counts: counts.get(test.uuid) ?? { invited: 0, started: 0, sentNothing: 0, finished: 0 },
  };
}

/**
 * The hiring company's reviewer API under /api/review: sign-in with a cookie, then the company's
 * own tests, candidates, videos, invitations and CSV. Candidates' personal data: never cached,
 * and JSON that no candidate text can break out of.
 */
export async function registerReviewRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const {
    sessions,
    invitations,
    reviewers,
    candidates,
    access,
    privacy,
    decisions,
    deliveries,
    mail,
    videos,
    blind,
    ratings,
    now,
    sections,
  } = deps;
  /** Whether this candidate is hidden from the signed-in reviewer by the test's blind review. */
  const hiddenHere = (request: FastifyRequest, record: SessionRecord) =>
    hiddenFrom(blind, signedIn(request).reviewer.reviewerId, record.testId, record.sessionId);
  /** In a blind test, an invitation never names the session it led to: its email would give the candidate away. */
  const shownInTest = <View extends { sessionId: string | null }>(view: View, blindTest: boolean) =>
    blindTest ? { ...view, sessionId: null } : view;
  const invitationShown = async <View extends { testId: string; sessionId: string | null }>(view: View) =>
    shownInTest(view, await testIsBlind(blind, view.testId));
  await app.register(async (review) => {
    await review.register(cookie);
    review.decorateRequest('reviewer', undefined);
    review.decorateRequest('trustedBrowser', undefined);
    review.setReplySerializer((payload) => safeJson(payload));
    // Every route here is counted against who sent it, once that is known: the signed-in reviewer;
    // for a sign-in, the browser that reviewer signed in from before; for an access link's routes,
    // the live link, once their body is read (`review-team.ts`).
    review.addHook('onRoute', (route) => {
      route.config = { bucket: 'reviewer', ...route.config };
    });
    review.addHook('onRequest', async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { bucket } = request.routeOptions.config;
      if (bucket === 'access-link') return;
      if (bucket === 'sign-in') {
        await findTrustedBrowser(request, reviewers, now());
        return deps.limits.admitSender(request, reply, request.trustedBrowser?.browserHash);
      }
      let refusal: unknown;
      try {
        await requireReviewer(request, reply, deps, now());
      } catch (error) {
        refusal = error;
      }
      await deps.limits.admitSender(request, reply, request.reviewer?.reviewer.reviewerId);
      const signedOut = refusal instanceof HttpError && refusal.statusCode === 401;
      if (refusal && !(signedOut && request.routeOptions.config.signedOutAllowed)) throw refusal;
    });
    const small = { bodyLimit: SMALL_BODY_LIMIT };

    review.post('/api/review/sign-in', { ...small, config: { bucket: 'sign-in' } }, async (request, reply) => {
      const answer = await signIn(request, reply, deps);
      return answer ?? reply.code(204).send();
    });
    review.post('/api/review/sign-in/code', { ...small, config: { bucket: 'sign-in' } }, async (request, reply) => {
      await signInWithCode(request, reply, deps);
      return reply.code(204).send();
    });
    review.post('/api/review/sign-out', { ...small, config: { beforeTwoFactor: true } }, async (request, reply) => {
      await signOut(request, reply, reviewers);
      return reply.code(204).send();
    });
    const meOf = (request: FastifyRequest): ReviewerMe => {
      const { reviewer, company, csrfToken, twoFactor } = signedIn(request);
      return {
        reviewer: { email: reviewer.email, name: reviewer.name, role: reviewer.role },
        company,
        csrfToken,
        emailSetUp: mail.emailSetUp,
        twoFactor,
      };
    };
    review.get('/api/review/me', { config: { beforeTwoFactor: true } }, async (request) => meOf(request));
    // What the review page asks as it loads: a browser that is not signed in is told so with a 200,
    // which its console does not log as a failed request, as it does a 401.
    review.get(
      '/api/review/session',
      { config: { beforeTwoFactor: true, signedOutAllowed: true } },
      async (request): Promise<ReviewSession> => ({ me: request.reviewer ? meOf(request) : null }),
    );

    const companySettings = async (company: { companyId: string; companyName: string }) => ({
      ...company,
      retentionDays: await privacy.retentionDays(company.companyId),
      reminderHours: await deliveries.reminderHours(company.companyId),
      ...stageReasonsView(await decisions.stageReasonList(company.companyId)),
    });
    review.get('/api/review/company', async (request): Promise<CompanySettings> => {
      const { company } = signedIn(request);
      return companySettings(company);
    });
    review.patch('/api/review/company', small, async (request): Promise<CompanySettings> => {
      const { reviewer, company } = requireCompanyAdmin(request);
      const { retentionDays, reminderHours, stageReasons, stageReasonsVersion } = parseOrRefuse(
        companySettingsUpdateSchema,
        request.body,
      );
      // The one setting that can be refused goes first, so that a refused request changes nothing.
      if (stageReasons !== undefined && stageReasonsVersion !== undefined) {
        const saved = await decisions.setStageReasons({
          companyId: company.companyId,
          editedVersion: stageReasonsVersion,
          reasons: stageReasons,
          actor: actorName(reviewer),
          at: now(),
        });
        if (saved === 'stale') {
          throw stageReasonsChangedMeanwhile(await companySettings(company), stageReasonsVersion);
        }
      }
      if (retentionDays !== undefined) await privacy.setRetentionDays(company.companyId, retentionDays, now());
      if (reminderHours !== undefined) await deliveries.setReminderHours(company.companyId, reminderHours, now());
      return companySettings(company);
    });

    review.get('/api/review/webhook', async (request): Promise<WebhookSettings> => {
      const { company } = requireCompanyAdmin(request);
      return { url: (await deliveries.webhookEndpoint(company.companyId))?.url ?? null };
    });
    review.put('/api/review/webhook', small, async (request, reply) => {
      const { company } = requireCompanyAdmin(request);
      const { url } = parseOrRefuse(webhookUpdateSchema, request.body);
      // Plain http only where the operator lets webhooks reach private targets: a test's local receiver.
      if (new URL(url).protocol !== 'https:' && !deps.config.webhookAllowPrivate) {
        throw new HttpError(400, WEBHOOK_HTTPS_ONLY);
      }
      const held = await deliveries.webhookEndpoint(company.companyId);
      // A first endpoint gets its secret now, shown this once; a new address keeps the secret.
      const secret = held ? null : newWebhookSecret();
      await deliveries.setWebhookEndpoint(company.companyId, url, secret, now());
      if (secret === null) return reply.code(204).send();
      return { url, secret } satisfies WebhookSecret;
    });
    review.post('/api/review/webhook/rotate', small, async (request): Promise<WebhookSecret> => {
      const { company } = requireCompanyAdmin(request);
      const held = requireFound(await deliveries.webhookEndpoint(company.companyId), 'webhook endpoint');
      const secret = newWebhookSecret();
      await deliveries.setWebhookEndpoint(company.companyId, held.url, secret, now());
      return { url: held.url, secret };
    });
    // Sent now, not queued: the admin who set the address waits for the answer, and reads it in the panel.
    review.post('/api/review/webhook/test', small, async (request): Promise<WebhookTestResult> => {
      const { company } = requireCompanyAdmin(request);
      const held = requireFound(await deliveries.webhookEndpoint(company.companyId), 'webhook endpoint');
      const at = new Date(now());
      const payload = JSON.stringify({
        type: WEBHOOK_TEST_EVENT,
        timestamp: at.toISOString(),
        data: { reviewUrl: new URL('/review/', deps.config.publicUrl).href },
      });
      try {
        const message = {
          id: `test_${randomBytes(10).toString('hex')}`,
          url: held.url,
          secret: held.secret,
          payload,
          at,
        };
        const status = await postWebhook(message, { allowPrivate: deps.config.webhookAllowPrivate });
        return { delivered: true, status, error: null };
      } catch (error) {
        if (!(error instanceof WebhookRefused)) throw error;
        return { delivered: false, status: error.status, error: describeError(error) };
      }
    });
    review.delete('/api/review/webhook', small, async (request, reply) => {
      await deliveries.removeWebhookEndpoint(requireCompanyAdmin(request).company.companyId);
      return reply.code(204).send();
    });
    review.get('/api/review/deliveries', async (request): Promise<DeliveryLog> => {
      const { company, reviewer } = signedIn(request);
      const logged = await deliveries.deliveriesOf(company.companyId, DELIVERIES_SHOWN);
      const hidden = await hiddenAmong(blind, reviewer.reviewerId, receiptCandidates(logged));
      const rows = logged.map((delivery) => ({ delivery, code: hiddenRecipientCode(delivery, hidden) }));
      // A candidate's email, as a message's recipient, is a look at them, on record before it is sent;
      // one blind review hides is shown by code, and their email is no look.
      const named = rows.filter((row) => row.code === null).map((row) => row.delivery);
      await recordMessageListLooks(access, lookerOf(request), named, now());
      const reports =
        reviewer.role === 'admin' ? await deps.partners.reportsOf(company.companyId, DELIVERIES_SHOWN) : [];
      return {
        deliveries: rows.map((row) => deliveryView(row.delivery, reviewer.role === 'admin', row.code)),
        reports: reports.map(partnerReportView),
      };
    });
    review.post<{ Params: { deliveryId: string } }>(
      '/api/review/deliveries/:deliveryId/send-again',
      small,
      async (request, reply) => {
        const { company } = signedIn(request);
        const result = await deliveries.sendAgain(company.companyId, request.params.deliveryId, now());
        if (result === 'sent-lately') {
          throw new HttpError(
            409,
            `This message went out less than ${SEND_AGAIN_AFTER_MS / 60_000} minutes ago; it can be sent again after that`,
          );
        }
        if (result === 'not-found') {
          throw new HttpError(409, 'This message is being sent right now, or there is no such message');
        }
        void app.deliverySender.runDue();
        return reply.code(204).send();
      },
    );

    review.get('/api/review/access-log', async (request) => {
      const { company, reviewer } = requireCompanyAdmin(request);
      const reader = { companyId: company.companyId, reviewerId: reviewer.reviewerId, looker: lookerOf(request) };
      return accessLogPage({ access, candidates, blind }, reader, now(), request.query);
    });

    review.get('/api/review/tests', async (request) => {
      const tests = testsOfCompany(signedIn(request).company.companyId);
      const testIds = tests.map((test) => test.uuid);
      const [counts, blindTests] = await Promise.all([candidates.testCounts(testIds), blindTestsAmong(blind, testIds)]);
      return { tests: await Promise.all(tests.map((test) => reviewTest(deps, test, counts, blindTests))) };
    });
    review.patch<TestParams>('/api/review/tests/:testId', small, async (request) => {
      const test = companyTest(request, request.params.testId);
      const { openLinkAllowed, blindReview } = parseOrRefuse(testSettingsUpdateSchema, request.body);
      // A reviewer may not lift the blindness that keeps their own ratings independent.
      if (blindReview !== undefined) requireCompanyAdmin(request);
      if (openLinkAllowed !== undefined) await invitations.setOpenLinkAllowed(test.uuid, openLinkAllowed, now());
      if (blindReview !== undefined) await blind.setBlindReview(test.uuid, blindReview, now());
      return reviewTest(
        deps,
        test,
        await candidates.testCounts([test.uuid]),
        await blindTestsAmong(blind, [test.uuid]),
      );
    });
    review.get<TestParams>('/api/review/tests/:testId/candidates', async (request) => {
      const test = companyTest(request, request.params.testId);
      const blindTest = await testIsBlind(blind, test.uuid);
      // The order of names would tell something of the names it hides.
      if (blindTest && (request.query as { sort?: unknown } | undefined)?.sort === 'name') {
        throw new HttpError(400, 'Blind review is on for this test: sort by another column');
      }
      const { reviewerId } = signedIn(request).reviewer;
      const page = await listCandidates(
        candidates,
        test,
        request.query,
        { reviewerId, judgementFirst: await judgementFirst(ratings, test.uuid), blindTest },
        now(),
      );
      // Blind: each candidate this reviewer has neither rated nor shown is listed by code.
      const ids = page.candidates.map((row) => row.sessionId);
      const seen = blindTest ? await blind.seenBy(reviewerId, ids) : null;
      const shown = page.candidates.map((row) => (seen === null || seen.has(row.sessionId) ? row : blindSummary(row)));
      // What the page shows of each candidate is what goes on record, before it is sent.
      await recordListLooks(
        access,
        lookerOf(request),
        shown.map((row) => ({ sessionId: row.sessionId, testId: test.uuid, byCode: row.blindCode !== null })),
        now(),
      );
      return { ...page, candidates: shown };
    });
    // Ids only, of the candidates around this one in the reviewer's list: no look, and nothing blind review hides.
    review.get<SessionParams>('/api/review/candidates/:sessionId/neighbours', async (request) => {
      const { record, test } = await companySession(sessions, request, request.params.sessionId);
      const { reviewerId } = signedIn(request).reviewer;
      const blindTest = await testIsBlind(blind, test.uuid);
      if (blindTest && (request.query as { sort?: unknown } | undefined)?.sort === 'name') {
        throw new HttpError(400, 'Blind review is on for this test: sort by another column');
      }
      return candidateNeighbours(candidates, test, record.sessionId, request.query, {
        reviewerId,
        judgementFirst: await judgementFirst(ratings, test.uuid),
        blindTest,
      });
    });
    // Counts only, never a candidate: every reviewer may read them, and no look is on record.
    review.get<TestParams>('/api/review/tests/:testId/gender-report', async (request): Promise<GenderReport> => {
      const test = companyTest(request, request.params.testId);
      return genderReport(privacy, test.uuid, now());
    });
    review.get<TestParams>('/api/review/tests/:testId/export.csv', async (request, reply) => {
      const test = companyTest(request, request.params.testId);
      const query = parseOrRefuse(candidatesExportQuerySchema, request.query);
      const looker = lookerOf(request);
      const csv = reviewerCsv(deps, {
        test,
        query,
        reviewerId: signedIn(request).reviewer.reviewerId,
        blindTest: await testIsBlind(blind, test.uuid),
        // What the file shows of each candidate is what goes on record, before it is written.
        beforePage: async (shown, byCode) => {
          await recordLooks(access, looker, shown, 'csv', now());
          await recordLooks(access, looker, byCode, 'csv', now(), 'by code');
        },
      });
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${test.testName}-${test.uuid}.csv"`);
      return reply.send(Readable.from(csv));
    });

    review.get<SessionParams>('/api/review/candidates/:sessionId', async (request) => {
      const { record, test } = await companySession(sessions, request, request.params.sessionId);
      await recordLooks(access, lookerOf(request), [record], 'opened', now());
      const detail = await candidateDetail(record, test, videos, now(), sections);
      return (await hiddenHere(request, record)) ? blindDetail(detail) : detail;
    });
    // One click, on record: the reviewer chooses to see whom they review before rating them.
    review.post<SessionParams>('/api/review/candidates/:sessionId/reveal', small, async (request) => {
      const { record, test } = await companySession(sessions, request, request.params.sessionId);
      const at = now();
      // Not hidden (no blind review, or shown already): the answer is the candidate whole all the
      // same, so it is on record as an opening.
      if (await hiddenHere(request, record)) {
        await blind.reveal(record.sessionId, signedIn(request).reviewer.reviewerId, at);
        await recordReveal(access, lookerOf(request), record, at);
      } else {
        await recordLooks(access, lookerOf(request), [record], 'opened', at);
      }
      return candidateDetail(record, test, videos, at, sections);
    });
    review.delete<SessionParams>('/api/review/candidates/:sessionId', async (request, reply) => {
      requireCompanyAdmin(request);
      const { record } = await companySession(sessions, request, request.params.sessionId);
      await eraseCandidate(deps, record.sessionId, now(), 'request');
      return reply.code(204).send();
    });
    /** The candidate's decisions as the signed-in reviewer may see them (`judgement.ts`). */
    const decisionsFor = async (request: FastifyRequest, record: SessionRecord) => {
      const { reviewerId } = signedIn(request).reviewer;
      const withheld = await judgementWithheld(ratings, reviewerId, record);
      return decisionsView(decisions, record.sessionId, { reviewerId, withheld });
    };
    review.get<SessionParams>('/api/review/candidates/:sessionId/decisions', async (request) => {
      const { record } = await companySession(sessions, request, request.params.sessionId);
      return decisionsFor(request, record);
    });
    /**
     * One candidate's stage change, alone or among a bulk one's: made only from the stage the
     * reviewer saw them at, with a reason from the company's list (`listed`), and on record. A
     * candidate shown to this reviewer as moved on stays where a teammate put them, whatever stage
     * the request names: the outcome must not tell a guess that is right from one that is not.
     */
    const changeStage = async (
      request: FastifyRequest,
      record: SessionRecord,
      change: { from: ShownStage; stage: CandidateStage; listed: string | null },
    ) => {
      const before = await decisionsFor(request, record);
      if (before.stage === 'moved-on' || change.from === 'moved-on') return 'moved-meanwhile';
      const { reviewer } = signedIn(request);
      const at = now();
      const saved = await decisions.setStage({
        sessionId: record.sessionId,
        from: change.from,
        to: change.stage,
        reason: change.listed,
        actor: actorName(reviewer),
        reviewerId: reviewer.reviewerId,
        at,
      });
      if (saved.outcome === 'changed') {
        const { from, to } = saved.change;
        await recordLooks(access, lookerOf(request), [record], 'changed', at, `stage ${from} to ${to}`);
      }
      return saved.outcome;
    };
    review.put<SessionParams>('/api/review/candidates/:sessionId/stage', small, async (request) => {
      const { record } = await companySession(sessions, request, request.params.sessionId);
      const { from, stage, reason } = parseOrRefuse(stageChangeSchema, request.body);
      const { company } = signedIn(request);
      const listed = reason ? await listedStageReason(decisions, company.companyId, reason) : null;
      if ((await changeStage(request, record, { from, stage, listed })) === 'moved-meanwhile') {
        throw stageMovedMeanwhile(await decisionsFor(request, record));
      }
      return decisionsFor(request, record);
    });
    // The candidates chosen in a test's list, each checked and moved as its own change would be,
    // one after another; each says how it went, and none fails the others.
    review.post<TestParams>('/api/review/tests/:testId/stages', small, async (request): Promise<BulkStageResult> => {
      const test = companyTest(request, request.params.testId);
      const { candidates: chosen, stage, reason } = parseOrRefuse(bulkStageChangeSchema, request.body);
      const { company } = signedIn(request);
      const listed = reason ? await listedStageReason(decisions, company.companyId, reason) : null;
      const results: BulkStageResult['results'] = [];
      for (const { sessionId, from } of chosen) {
        const record = await sessions.getSession(sessionId);
        if (!record || record.testId !== test.uuid || record.previewReleaseId !== null) {
          results.push({ sessionId, outcome: 'not-found', stage: null, problem: null });
          continue;
        }
        try {
          const outcome = await changeStage(request, record, { from, stage, listed });
          const current = (await decisionsFor(request, record)).stage;
          results.push({ sessionId, outcome, stage: current, problem: null });
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
          const current = (await decisionsFor(request, record)).stage;
          results.push({ sessionId, outcome: 'refused', stage: current, problem: error.message });
        }
      }
      return { results };
    });
    review.post<SessionParams>('/api/review/candidates/:sessionId/notes', small, async (request, reply) => {
      const { record } = await companySession(sessions, request, request.params.sessionId);
      const { body } = parseOrRefuse(noteCreateSchema, request.body);
      const { reviewer } = signedIn(request);
      const at = now();
      await decisions.addNote({
        sessionId: record.sessionId,
        body,
        actor: actorName(reviewer),
        reviewerId: reviewer.reviewerId,
        at,
      });
      await recordLooks(access, lookerOf(request), [record], 'changed', at, 'note added');
      reply.code(201);
      return decisionsFor(request, record);
    });
    review.get<SessionParams>('/api/review/candidates/:sessionId/video', async (request, reply) => {
      const { record } = await companySession(sessions, request, request.params.sessionId);
      if (await hiddenHere(request, record)) {
        throw new HttpError(
          403,
          'Blind review hides the video until you rate the written answers or show the candidate',
        );
      }
      await recordVideoLook(access, lookerOf(request), record, now());
      return sendVideo(record, request.headers.range, reply, videos);
    });

    registerRatingRoutes(review, deps);
    registerTeamRoutes(review, deps, () => void app.deliverySender.runDue());
    registerTwoFactorRoutes(review, deps);
    registerPartnerKeyRoutes(review, deps);
    registerInsightsRoutes(review, deps);

    review.get<TestParams>('/api/review/tests/:testId/invitations', async (request) => {
      const test = companyTest(request, request.params.testId);
      const page = await listInvitations(invitations, test.uuid, request.query, now());
      // Each invitee's name and email are a look at them, on record before the page is sent.
      await recordInvitationListLooks(access, lookerOf(request), page.invitations, now());
      const blindTest = await testIsBlind(blind, test.uuid);
      return { ...page, invitations: page.invitations.map((view) => shownInTest(view, blindTest)) };
    });
    review.post<TestParams>('/api/review/tests/:testId/invitations', small, async (request, reply) => {
      const test = companyTest(request, request.params.testId);
      reply.code(201);
      return createInvitation(invitations, test.uuid, request.body, now());
    });
    review.post<TestParams>(
      '/api/review/tests/:testId/invitations/bulk',
      { bodyLimit: BULK_BODY_LIMIT },
      async (request, reply) => {
        requireCompanyAdmin(request);
        const test = companyTest(request, request.params.testId);
        const made = await createInvitations(invitations, test.uuid, request.body, now());
        void app.deliverySender.runDue();
        reply.code(201);
        return { invitations: made };
      },
    );
    review.patch<InvitationParams>('/api/review/invitations/:invitationId', small, async (request) => {
      const changed = await changeInvitation(
        invitations,
        await companyInvitation(invitations, request, request.params.invitationId),
        request.body,
        now(),
      );
      await recordInvitationChange(access, lookerOf(request), changed, 'invitation changed', now());
      return invitationShown(changed);
    });
    review.delete<InvitationParams>('/api/review/invitations/:invitationId', async (request) => {
      requireCompanyAdmin(request);
      await eraseInvitee(deps, await companyInvitation(invitations, request, request.params.invitationId), now());
      // The invitation itself stays, erased: the card shows it so, as its link does.
      const erased = await companyInvitation(invitations, request, request.params.invitationId);
      return invitationShown(invitationView(erased, now()));
    });
    review.post<InvitationParams>('/api/review/invitations/:invitationId/revoke', small, async (request) => {
      const revoked = await revokeInvitation(
        invitations,
        await companyInvitation(invitations, request, request.params.invitationId),
        now(),
      );
      await recordInvitationChange(access, lookerOf(request), revoked, 'invitation revoked', now());
      return invitationShown(revoked);
    });
  });
}
