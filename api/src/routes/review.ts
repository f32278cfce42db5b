import { Readable } from 'node:stream';
import {
  type CompanySettings,
  companySettingsUpdateSchema,
  type DeliveryLog,
  type GenderReport,
  noteCreateSchema,
  type ReviewerMe,
  type ReviewTest,
  stageChangeSchema,
  type TestDefinition,
  testSettingsUpdateSchema,
  testsOfCompany,
  type WebhookSecret,
  type WebhookSettings,
  webhookUpdateSchema,
} from '@assessment/core';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeJson } from '../admin/safe-json.ts';
import { testSessionsCsv } from '../export/export-sessions.ts';
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
import { candidateDetail, listCandidates, requireFound, reviewVideoPath } from '../review/candidates.ts';
import { companyInvitation, companySession, companyTest, signedIn } from '../review/company-scope.ts';
import {
  actorName,
  decisionsView,
  listedStageReason,
  stageMovedMeanwhile,
  stageReasonsChangedMeanwhile,
  stageReasonsView,
} from '../review/decisions.ts';
import { DELIVERIES_SHOWN, deliveryView, hiddenRecipientCode, receiptCandidates } from '../review/delivery-log.ts';
import {
  changeInvitation,
  createInvitation,
  createInvitations,
  invitationView,
  listInvitations,
  revokeInvitation,
} from '../review/invitation-actions.ts';
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
import { newWebhookSecret } from '../webhooks/webhook-secret.ts';
import { sendVideo } from './admin.ts';
import type { RouteDeps } from './deps.ts';
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
    counts: counts.get(test.uuid) ?? { invited: 0, started: 0, finished: 0 },
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
      if (refusal) throw refusal;
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
    review.get('/api/review/me', { config: { beforeTwoFactor: true } }, async (request): Promise<ReviewerMe> => {
      const { reviewer, company, csrfToken, twoFactor } = signedIn(request);
      return {
        reviewer: { email: reviewer.email, name: reviewer.name, role: reviewer.role },
        company,
        csrfToken,
        emailSetUp: mail.emailSetUp,
        twoFactor,
      };
    });

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
      return { deliveries: rows.map((row) => deliveryView(row.delivery, reviewer.role === 'admin', row.code)) };
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

    review.get('/api/review/access-log', async (request) =>
      accessLogPage(access, requireCompanyAdmin(request).company.companyId, request.query),
    );

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
      const page = await listCandidates(candidates, test, request.query, reviewerId);
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
    // Counts only, never a candidate: every reviewer may read them, and no look is on record.
    review.get<TestParams>('/api/review/tests/:testId/gender-report', async (request): Promise<GenderReport> => {
      const test = companyTest(request, request.params.testId);
      return genderReport(privacy, test.uuid, now());
    });
    review.get<TestParams>('/api/review/tests/:testId/export.csv', async (request, reply) => {
      const test = companyTest(request, request.params.testId);
      if (await testIsBlind(blind, test.uuid)) {
        throw new HttpError(
          409,
          "Blind review is on for this test: the CSV would show every candidate's name. An admin turns it off first",
        );
      }
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${test.testName}-${test.uuid}.csv"`);
      const looker = lookerOf(request);
      const csv = testSessionsCsv(
        sessions,
        videos,
        test.uuid,
        reviewVideoPath,
        (records) => recordLooks(access, looker, records, 'csv', now()),
        sections,
      );
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
    review.get<SessionParams>('/api/review/candidates/:sessionId/decisions', async (request) => {
      const { record } = await companySession(sessions, request, request.params.sessionId);
      return decisionsView(decisions, record.sessionId);
    });
    review.put<SessionParams>('/api/review/candidates/:sessionId/stage', small, async (request) => {
      const { record } = await companySession(sessions, request, request.params.sessionId);
      const { from, stage, reason } = parseOrRefuse(stageChangeSchema, request.body);
      const { reviewer, company } = signedIn(request);
      const listed = reason ? await listedStageReason(decisions, company.companyId, reason) : null;
      const at = now();
      const actor = actorName(reviewer);
      const saved = await decisions.setStage({
        sessionId: record.sessionId,
        from,
        to: stage,
        reason: listed,
        actor,
        at,
      });
      if (saved.outcome === 'moved-meanwhile') {
        throw stageMovedMeanwhile(await decisionsView(decisions, record.sessionId));
      }
      if (saved.outcome === 'changed') {
        const { change } = saved;
        await recordLooks(access, lookerOf(request), [record], 'changed', at, `stage ${change.from} to ${change.to}`);
      }
      return decisionsView(decisions, record.sessionId);
    });
    review.post<SessionParams>('/api/review/candidates/:sessionId/notes', small, async (request, reply) => {
      const { record } = await companySession(sessions, request, request.params.sessionId);
      const { body } = parseOrRefuse(noteCreateSchema, request.body);
      const at = now();
      await decisions.addNote({ sessionId: record.sessionId, body, actor: actorName(signedIn(request).reviewer), at });
      await recordLooks(access, lookerOf(request), [record], 'changed', at, 'note added');
      reply.code(201);
      return decisionsView(decisions, record.sessionId);
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
