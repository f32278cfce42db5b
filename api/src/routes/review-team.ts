import { randomUUID } from 'node:crypto';
import {
  ACCESS_LINK_GONE,
  type AccessLinkInfo,
  type AccessLinkMade,
  accessLinkAskSchema,
  companyOf,
  passwordSetSchema,
  type Team,
  teammateCreateSchema,
} from '@assessment/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { iso } from '../admin/time.ts';
import { HttpError, parseOrRefuse } from '../http/errors.ts';
import { requireFound } from '../review/candidates.ts';
import { hashPassword, passwordProblem } from '../review/passwords.ts';
import { requireCompanyAdmin, requireOwnOrigin } from '../review/reviewer-auth.ts';
import { accessLinkHash, newAccessLink, teammateView } from '../review/team.ts';
import type { NewAccessLink, TeamStore } from '../storage/team/team-store.ts';
import type { RouteDeps } from './deps.ts';
import { SMALL_BODY_LIMIT } from './session-ref.ts';

type ReviewerParams = { Params: { reviewerId: string } };

/**
 * The company's team, inside the review API's scope (`review.ts` registers them there): its
 * admins add, reset and remove teammates; a teammate's one-time link sets their password. The
 * link's two routes need no sign-in. A live link's requests count against that link, anything
 * else against the sign-in's limit per address: nobody else at a new teammate's address, the rest
 * of a hiring team signing in behind one NAT included, can spend the turns of their link.
 */
export function registerTeamRoutes(review: FastifyInstance, deps: RouteDeps, sendQueued: () => void): void {
  const { team, mail, now, limits } = deps;
  const small = { bodyLimit: SMALL_BODY_LIMIT };
  const linkRoute = {
    ...small,
    config: { bucket: 'access-link' as const },
    // Once the body is read, so the link it names is known; before the body is checked.
    async preValidation(request: FastifyRequest, reply: FastifyReply) {
      const secret = (request.body as { secret?: unknown } | null)?.secret;
      const linkHash = typeof secret === 'string' ? accessLinkHash(secret) : undefined;
      const live = linkHash !== undefined && (await team.liveLink(linkHash, now())) !== undefined;
      await limits.admitSender(request, reply, live ? linkHash : undefined);
    },
  };

  /** A teammate of the admin's company, other than the admin: nobody locks themselves out. */
  async function otherTeammate(request: FastifyRequest<ReviewerParams>, store: TeamStore) {
    const { reviewer } = requireCompanyAdmin(request);
    const teammate = requireFound(await store.teammate(reviewer.companyId, request.params.reviewerId), 'teammate');
    if (teammate.reviewerId === reviewer.reviewerId) {
      throw new HttpError(409, 'You cannot do this to your own account: ask another admin of your company');
    }
    return teammate;
  }

  async function made(companyId: string, reviewerId: string, readerId: string, secret: string, link: NewAccessLink) {
    if (link.mail) sendQueued();
    const listed = (await team.teammates(companyId)).find((one) => one.reviewerId === reviewerId);
    const teammate = teammateView(requireFound(listed, 'teammate'), readerId);
    return {
      teammate,
      secret,
      expiresAt: iso(link.expiresAt) as string,
      emailed: link.mail !== undefined,
    } satisfies AccessLinkMade;
  }

  review.get('/api/review/team', async (request): Promise<Team> => {
    const { reviewer } = requireCompanyAdmin(request);
    const teammates = await team.teammates(reviewer.companyId);
    return { teammates: teammates.map((one) => teammateView(one, reviewer.reviewerId)) };
  });
  review.post('/api/review/team', small, async (request, reply): Promise<AccessLinkMade> => {
    const { reviewer } = requireCompanyAdmin(request);
    const { email, name, role } = parseOrRefuse(teammateCreateSchema, request.body);
    const at = now();
    const { secret, link } = newAccessLink(at, 'invitation', mail.emailSetUp);
    const reviewerId = randomUUID();
    await team.addTeammate(
      { reviewerId, companyId: reviewer.companyId, email, name, passwordHash: '', createdAt: at, role },
      link,
    );
    reply.code(201);
    return made(reviewer.companyId, reviewerId, reviewer.reviewerId, secret, link);
  });
  review.post<ReviewerParams>('/api/review/team/:reviewerId/reset', small, async (request) => {
    const teammate = await otherTeammate(request, team);
    const { secret, link } = newAccessLink(now(), 'reset', mail.emailSetUp);
    await team.resetAccess(teammate.reviewerId, link);
    return made(
      teammate.companyId,
      teammate.reviewerId,
      requireCompanyAdmin(request).reviewer.reviewerId,
      secret,
      link,
    );
  });
  review.delete<ReviewerParams>('/api/review/team/:reviewerId', small, async (request, reply) => {
    const teammate = await otherTeammate(request, team);
    await team.removeTeammate(teammate.companyId, teammate.reviewerId);
    return reply.code(204).send();
  });

  async function liveLink(secret: string) {
    const live = await team.liveLink(accessLinkHash(secret), now());
    if (!live) throw new HttpError(410, ACCESS_LINK_GONE);
    return live;
  }
  review.post('/api/review/access-link', linkRoute, async (request): Promise<AccessLinkInfo> => {
    requireOwnOrigin(request);
    const { secret } = parseOrRefuse(accessLinkAskSchema, request.body);
    const { reviewer, purpose, expiresAt } = await liveLink(secret);
    return {
      email: reviewer.email,
      name: reviewer.name,
      companyName: companyOf(reviewer.companyId)?.companyName ?? reviewer.companyId,
      purpose,
      expiresAt: iso(expiresAt) as string,
    };
  });
  review.post('/api/review/access-link/password', linkRoute, async (request, reply) => {
    requireOwnOrigin(request);
    const { secret, password } = parseOrRefuse(passwordSetSchema, request.body);
    await liveLink(secret);
    const problem = await passwordProblem(password);
    if (problem) throw new HttpError(400, problem);
    if (!(await team.setPasswordByLink(accessLinkHash(secret), await hashPassword(password), now()))) {
      throw new HttpError(410, ACCESS_LINK_GONE);
    }
    return reply.code(204).send();
  });
}
