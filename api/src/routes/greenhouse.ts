import { createHash } from 'node:crypto';
import {
  companyIdOf,
  DEFAULT_INVITATION_VALID_DAYS,
  GREENHOUSE_API_PREFIX,
  type GreenhouseTestStatus,
  getTest,
  greenhouseResponseErrorSchema,
  greenhouseSendTestSchema,
  greenhouseStatusQuerySchema,
  INVITATION_NAME_MAX,
  testsOfCompany,
} from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { HttpError, parseOrRefuse } from '../http/errors.ts';
import { greenhouseTargetProblem } from '../partners/greenhouse-patch.ts';
import { greenhouseMetadata, partnerStatusOf, profileUrlOf } from '../partners/greenhouse-status.ts';
import { createPartnerAuth, partnerOf } from '../partners/partner-auth.ts';
import { partnerScore } from '../partners/partner-score.ts';
import { type Looker, recordStatusLook } from '../privacy/access-records.ts';
import { withoutAddresses } from '../privacy/addresses.ts';
import { newInvitation } from '../review/invitation-actions.ts';
import type { RouteDeps } from './deps.ts';
import { SMALL_BODY_LIMIT } from './session-ref.ts';

const DAY_MS = 24 * 60 * 60_000;
/** Greenhouse's reports kept per company: the newest, enough to see what goes wrong and since when. */
const REPORTS_KEPT = 100;

/**
 * Greenhouse's Assessment Partner API (issue 56; `grnhse/greenhouse-api-docs`,
 * `source/includes/assessment/`), under `GREENHOUSE_API_PREFIX`: Greenhouse lists a company's
 * tests, sends one to a candidate, reads where it stands, and reports an answer of ours it could
 * not use. Each call carries one company's key (`partners/partner-auth.ts`) and sees that
 * company's tests and the tests it sent, nothing else: any other id is answered 404, as one that
 * does not exist. `sendTest` wakes the delivery sender for the invitation's email.
 */
export async function registerGreenhouseRoutes(
  api: FastifyInstance,
  deps: RouteDeps,
  sendTest: () => void,
): Promise<void> {
  const { partners, invitations, sessions, ratings, access, config, now } = deps;
  const authenticate = createPartnerAuth({
    partners,
    now,
    ...(deps.rateLimitRedis ? { redis: deps.rateLimitRedis } : {}),
  });
  await api.register(async (partner) => {
    partner.decorateRequest('partner', undefined);
    partner.addHook('onRoute', (route) => {
      route.config = { bucket: 'partner', ...route.config };
    });
    // Counted against the key once it is known to be live, else against the address.
    partner.addHook('onRequest', async (request, reply) => {
      let refusal: unknown;
      try {
        request.partner = await authenticate(request, reply);
      } catch (error) {
        refusal = error;
      }
      await deps.limits.admitSender(request, reply, request.partner?.key.keyId);
      if (refusal) throw refusal;
    });
    const small = { bodyLimit: SMALL_BODY_LIMIT };

    partner.get(`${GREENHOUSE_API_PREFIX}/list_tests`, async (request) =>
      testsOfCompany(partnerOf(request).company.companyId).map((test) => ({
        partner_test_id: test.uuid,
        partner_test_name: test.roleName,
      })),
    );

    partner.post(`${GREENHOUSE_API_PREFIX}/send_test`, small, async (request) => {
      const { key, company } = partnerOf(request);
      const sent = parseOrRefuse(greenhouseSendTestSchema, request.body);
      const test = getTest(sent.partner_test_id);
      if (!test || companyIdOf(test) !== company.companyId) {
        throw new HttpError(404, `partner_test_id: there is no test "${sent.partner_test_id}"; list_tests names them`);
      }
      const problem = greenhouseTargetProblem(sent.url, config.webhookAllowPrivate);
      if (problem) throw new HttpError(400, `url: ${problem}`);
      const url = new URL(sent.url).href;
      const { candidate } = sent;
      const name = [candidate.first_name, candidate.last_name]
        .map((part) => part?.trim() ?? '')
        .filter(Boolean)
        .join(' ')
        .slice(0, INVITATION_NAME_MAX);
      const at = now();
      const invitation = newInvitation(
        test.uuid,
        { email: candidate.email, name: name || null, extraTimePercent: 0 },
        at + DEFAULT_INVITATION_VALID_DAYS * DAY_MS,
        at,
      );
      const made = await partners.sendTest(
        {
          companyId: company.companyId,
          keyId: key.keyId,
          urlHash: createHash('sha256').update(url).digest('hex'),
          url,
          profileUrl: candidate.greenhouse_profile_url,
        },
        invitation,
      );
      if (made.made) sendTest();
      return { partner_interview_id: made.invitationId };
    });

    partner.get(`${GREENHOUSE_API_PREFIX}/test_status`, async (request): Promise<GreenhouseTestStatus> => {
      const { key, company } = partnerOf(request);
      const { partner_interview_id: id } = parseOrRefuse(greenhouseStatusQuerySchema, request.query);
      const notFound = new HttpError(404, `partner_interview_id: there is no test instance "${id}"`);
      const sent = await partners.greenhouseInvitation(id);
      const invitation = sent?.companyId === company.companyId ? await invitations.getInvitation(id) : undefined;
      const test = invitation && getTest(invitation.testId);
      const at = now();
      const status = invitation && partnerStatusOf(invitation, at);
      if (!invitation || !test || !status || companyIdOf(test) !== company.companyId) throw notFound;
      const looker: Looker = { actor: 'Greenhouse', role: 'ats', address: request.ip, detail: `key "${key.name}"` };
      await recordStatusLook(access, looker, invitation, at);
      const record = invitation.sessionId === null ? null : ((await sessions.getSession(invitation.sessionId)) ?? null);
      return {
        partner_status: status,
        partner_profile_url: profileUrlOf(config.publicUrl, record?.sessionId ?? null),
        partner_score: record ? partnerScore(await ratings.meanScoresOf(record.sessionId)) : null,
        metadata: greenhouseMetadata(test, invitation, record, deps.sections),
      };
    });

    partner.post(`${GREENHOUSE_API_PREFIX}/response_error`, small, async (request) => {
      const { company } = partnerOf(request);
      const report = parseOrRefuse(greenhouseResponseErrorSchema, request.body);
      // Greenhouse may quote the candidate's address; what the company needs is what went wrong.
      await partners.keepReport(
        {
          companyId: company.companyId,
          apiCall: report.api_call,
          errors: report.errors.map(withoutAddresses),
          partnerTestId: report.partner_test_id ?? null,
          partnerTestName: report.partner_test_name == null ? null : withoutAddresses(report.partner_test_name),
          partnerInterviewId: report.partner_interview_id ?? null,
          receivedAt: now(),
        },
        REPORTS_KEPT,
      );
      return { status: 200 };
    });
  });
}
