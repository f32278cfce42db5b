import { type PartnerKeyMade, type PartnerKeys, type PartnerKeyView, partnerKeyCreateSchema } from '@assessment/core';
import type { FastifyInstance } from 'fastify';
import { HttpError, parseOrRefuse } from '../http/errors.ts';
import { greenhouseUrls, makePartnerKey, PartnerKeyRefused, partnerKeyView } from '../partners/partner-key-actions.ts';
import { requireFound } from '../review/candidates.ts';
import { requireCompanyAdmin } from '../review/reviewer-auth.ts';
import type { RouteDeps } from './deps.ts';
import { SMALL_BODY_LIMIT } from './session-ref.ts';

/**
 * The company's Greenhouse keys, inside the review API's signed-in scope (`review.ts` registers
 * them there), for its admins only: each named, shown once when made, revocable.
 */
export function registerPartnerKeyRoutes(review: FastifyInstance, deps: RouteDeps): void {
  const { partners, config, now } = deps;
  const small = { bodyLimit: SMALL_BODY_LIMIT };

  review.get('/api/review/partner-keys', async (request): Promise<PartnerKeys> => {
    const { company } = requireCompanyAdmin(request);
    return {
      keys: (await partners.keysOf(company.companyId)).map(partnerKeyView),
      canMake: config.partnerKeySecret !== undefined,
      urls: greenhouseUrls(config.publicUrl),
    };
  });
  review.post('/api/review/partner-keys', small, async (request, reply): Promise<PartnerKeyMade> => {
    const { company } = requireCompanyAdmin(request);
    const { name } = parseOrRefuse(partnerKeyCreateSchema, request.body);
    try {
      const made = await makePartnerKey(partners, config.partnerKeySecret, company.companyId, name, now());
      reply.code(201);
      return made;
    } catch (error) {
      if (error instanceof PartnerKeyRefused) throw new HttpError(409, error.message);
      throw error;
    }
  });
  review.post<{ Params: { keyId: string } }>(
    '/api/review/partner-keys/:keyId/revoke',
    small,
    async (request): Promise<PartnerKeyView> => {
      const { company } = requireCompanyAdmin(request);
      const revoked = await partners.revokeKey(company.companyId, request.params.keyId, now());
      return partnerKeyView(requireFound(revoked, 'key'));
    },
  );
}
