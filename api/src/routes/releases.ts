import { RELEASE_PREVIEW_PATH, type ReleasePreviewView } from '@assessment/core';
import { RELEASE_VERSION_PATTERN } from '@assessment/core/releases';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { carriesAdminToken } from '../admin/admin-token.ts';
import { HttpError, parseOrRefuse, UnreadBodyError } from '../http/errors.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { LiveReleases } from '../releases/live-releases.ts';
import { releaseKeyHash } from '../releases/release-keys.ts';
import { PREVIEW_HOURS_MAX, type ReleasePreviews } from '../releases/release-previews.ts';
import { ReleaseRefusal } from '../releases/release-refusal.ts';
import { type ReleaseService, releaseView } from '../releases/release-service.ts';
import type { Actor, ReleaseStore } from '../storage/releases/release-store.ts';
import { SMALL_BODY_LIMIT } from './session-ref.ts';

/** Who calls: a section team's key (its own section only), or the operator's admin token (every section). */
interface Caller extends Actor {
  /** The section this caller may change; undefined for the operator. */
  sectionId: string | undefined;
}

export interface ReleaseRouteDeps {
  releaseService: ReleaseService;
  releases: ReleaseStore;
  liveReleases: LiveReleases;
  releasePreviews: ReleasePreviews;
  adminToken: string | undefined;
  maxBytes: number;
  limits: RateLimits;
}

const version = z.string().regex(RELEASE_VERSION_PATTERN, 'a release version');
const share = z.number().int().min(1).max(100);
const liveBody = z
  .object({
    version,
    from: version.nullable().optional(),
    share: share.optional(),
    /** The shares it goes on to by itself while healthy, `everyMinutes` apart. */
    stages: z.array(share).min(1).max(10).optional(),
    everyMinutes: z.number().int().min(1).max(1440).optional(),
  })
  .strict()
  .refine((body) => (body.stages === undefined) === (body.everyMinutes === undefined), {
    message: 'stages and everyMinutes go together',
  })
  .refine((body) => body.stages === undefined || (body.share !== undefined && body.share < 100), {
    message: 'stages follow a share below 100',
  });
const promoteBody = z.object({ share: share.optional() }).strict();
const previewBody = z
  .object({ version, hours: z.number().int().min(1).max(PREVIEW_HOURS_MAX).default(PREVIEW_HOURS_MAX) })
  .strict();
const rollbackBody = z.object({ to: version.optional(), from: version.nullable().optional() }).strict();
const hostedBody = z.object({ url: z.string().max(2000), label: z.string().max(200).default('') }).strict();
const labelQuery = z.object({ label: z.string().max(200).default('') });

/** Archive bodies go to the release reader as they stream in; nothing is buffered by Fastify. */
const ARCHIVES = ['application/gzip', 'application/x-gzip', 'application/x-tar'];

function refusal(error: unknown, bodyUnread = false): never {
  if (error instanceof ReleaseRefusal) {
    throw bodyUnread ? new UnreadBodyError(error.status, error.message) : new HttpError(error.status, error.message);
  }
  throw error;
}

/**
 * The release API (`pnpm release`): status and history for any valid key, and for the operator;
 * releasing, promoting and rolling back a section for its own keys and the operator. Every call is
 * counted against its key (or the admin token), and calls no key vouches for against their address.
 */
export function registerReleaseRoutes(api: FastifyInstance, deps: ReleaseRouteDeps): void {
  const { releaseService, releases, liveReleases, releasePreviews, limits } = deps;

  for (const type of ARCHIVES) {
    api.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
  }

  async function caller(request: FastifyRequest, reply: FastifyReply): Promise<Caller> {
    const authorization = request.headers.authorization;
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
    if (deps.adminToken && carriesAdminToken(authorization, deps.adminToken)) {
      await limits.admitSender(request, reply, 'operator');
      return { name: 'operator', keyId: null, sectionId: undefined };
    }
    const key = bearer?.startsWith('rk_') ? await releases.keyByHash(releaseKeyHash(bearer)) : undefined;
    await limits.admitSender(request, reply, key ? `release-key:${key.key_id}` : undefined);
    if (!key) {
      throw new HttpError(401, 'A release key is needed (Authorization: Bearer rk_…): ask the operator for one');
    }
    return { name: key.name, keyId: key.key_id, sectionId: key.section_id };
  }

  /** The caller, if it may change `sectionId`: another section's key gets 403. */
  async function changer(request: FastifyRequest, reply: FastifyReply, sectionId: string): Promise<Caller> {
    const found = await caller(request, reply);
    releaseService.sectionOf(sectionId);
    if (found.sectionId !== undefined && found.sectionId !== sectionId) {
      throw new HttpError(
        403,
        `The key "${found.name}" releases the ${found.sectionId} section only, not ${sectionId}`,
      );
    }
    return found;
  }

  const config = { bucket: 'release' as const };
  type Section = { Params: { section: string } };

  api.get('/api/releases', { config }, async (request, reply) => {
    await caller(request, reply);
    return { sections: await releaseService.status().catch(refusal) };
  });

  api.get<Section>('/api/releases/:section/history', { config }, async (request, reply) => {
    await caller(request, reply);
    const { section } = request.params;
    return { section, history: await releaseService.history(section).catch(refusal) };
  });

  api.post<Section & { Querystring: { label?: string } }>(
    '/api/releases/:section',
    { config, bodyLimit: deps.maxBytes + SMALL_BODY_LIMIT },
    async (request, reply) => {
      const { section } = request.params;
      const actor = await changer(request, reply, section);
      const type =
        String(request.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim() ?? '';
      const stored = ARCHIVES.includes(type)
        ? await releaseService
            .upload(section, request.body as NodeJS.ReadableStream, {
              label: parseOrRefuse(labelQuery, request.query).label,
              gzipped: type !== 'application/x-tar',
              actor,
            })
            .catch((error: unknown) => refusal(error, true))
        : await (async () => {
            const body = parseOrRefuse(hostedBody, request.body);
            return releaseService.hosted(section, body.url, { label: body.label, actor }).catch(refusal);
          })();
      return reply
        .code(stored.existing ? 200 : 201)
        .send({ section, release: releaseView(stored.release), existing: stored.existing });
    },
  );

  api.post<Section>('/api/releases/:section/live', { config, bodyLimit: SMALL_BODY_LIMIT }, async (request, reply) => {
    const { section } = request.params;
    const actor = await changer(request, reply, section);
    const body = parseOrRefuse(liveBody, request.body);
    if (body.share !== undefined && body.share < 100) {
      const shared = await releaseService
        .share(section, body.version, body.share, {
          from: body.from,
          actor,
          stages:
            body.stages && body.everyMinutes ? { shares: body.stages, everyMs: body.everyMinutes * 60_000 } : undefined,
        })
        .catch(refusal);
      await liveReleases.refresh();
      return { section, candidate: releaseView(shared.release), share: shared.share, changed: shared.changed };
    }
    const made = await releaseService.promote(section, body.version, { from: body.from, actor }).catch(refusal);
    await liveReleases.refresh();
    return { section, live: releaseView(made.release), changed: made.changed };
  });

  api.post<Section>(
    '/api/releases/:section/promote',
    { config, bodyLimit: SMALL_BODY_LIMIT },
    async (request, reply) => {
      const { section } = request.params;
      const actor = await changer(request, reply, section);
      const body = parseOrRefuse(promoteBody, request.body ?? {});
      const made = await releaseService.promoteShare(section, { share: body.share, actor }).catch(refusal);
      await liveReleases.refresh();
      return { section, version: made.release.version, share: made.share, changed: made.changed };
    },
  );

  api.post<Section>(
    '/api/releases/:section/rollback',
    { config, bodyLimit: SMALL_BODY_LIMIT },
    async (request, reply) => {
      const { section } = request.params;
      const actor = await changer(request, reply, section);
      const body = parseOrRefuse(rollbackBody, request.body ?? {});
      const made = await releaseService.rollback(section, { to: body.to, from: body.from, actor }).catch(refusal);
      await liveReleases.refresh();
      return { section, live: releaseView(made.release), changed: made.changed };
    },
  );

  // A link that opens a release of the section for whoever holds it, before any candidate gets it.
  api.post<Section>(
    '/api/releases/:section/previews',
    { config, bodyLimit: SMALL_BODY_LIMIT },
    async (request, reply) => {
      const { section } = request.params;
      const actor = await changer(request, reply, section);
      const body = parseOrRefuse(previewBody, request.body ?? {});
      const given = await releasePreviews.give(section, body.version, { actor, hours: body.hours }).catch(refusal);
      return reply.code(201).send({
        section,
        version: given.release.version,
        url: given.url,
        expiresAt: new Date(given.expiresAt).toISOString(),
      });
    },
  );

  // What a preview link opens, for its page: anyone holding the link may ask; a guess learns
  // nothing but that it is not a link (counted per address, as every call no key vouches for).
  api.get<{ Params: { token: string } }>(`/api${RELEASE_PREVIEW_PATH}/:token`, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const preview = await releasePreviews.open(request.params.token);
    if (preview.state === 'unknown') {
      throw new HttpError(404, 'This preview link is not valid: ask the section team for a new one');
    }
    if (preview.state === 'expired') {
      throw new HttpError(410, 'This preview link has expired: ask the section team for a new one');
    }
    const view: ReleasePreviewView = {
      section: preview.sectionId,
      version: preview.release.version,
      label: preview.release.label,
      expiresAt: new Date(preview.expiresAt).toISOString(),
    };
    return view;
  });

  // The admin API's view of the same, behind the admin token alone.
  if (deps.adminToken) {
    const adminToken = deps.adminToken;
    const operator = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('Cache-Control', 'no-store');
      const vouched = carriesAdminToken(request.headers.authorization, adminToken);
      await limits.admitSender(request, reply, vouched ? 'operator' : undefined);
      if (!vouched) throw new HttpError(401, 'A valid admin token is required (Authorization: Bearer ...)');
    };
    const operatorConfig = { bucket: 'operator' as const };
    api.get('/api/admin/releases', { config: operatorConfig }, async (request, reply) => {
      await operator(request, reply);
      return { sections: await releaseService.status() };
    });
    api.get<Section>('/api/admin/releases/:section/history', { config: operatorConfig }, async (request, reply) => {
      await operator(request, reply);
      const { section } = request.params;
      return { section, history: await releaseService.history(section).catch(refusal) };
    });
  }
}
