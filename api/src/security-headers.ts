import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { RemoteLocationsSource } from './remote-locations.ts';

/**
 * A strict policy: no inline script or style anywhere, so an injected string can never run.
 * `blob:` in media-src and img-src is for the recording preview and pasted images. Remotes
 * published on another origin (a CDN) are allowed by exactly their origins from remotes.json.
 */
export function contentSecurityPolicy(remotes: RemoteLocationsSource) {
  // Five directives name the remotes' origins; the file is looked at once per response.
  const perResponse = new WeakMap<object, string>();
  const remoteOrigins = (_request: unknown, response: object) => {
    let origins = perResponse.get(response);
    if (origins === undefined) {
      origins = remotes.foreignOrigins().join(' ');
      perResponse.set(response, origins);
    }
    return origins;
  };
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", remoteOrigins],
    styleSrc: ["'self'", remoteOrigins],
    imgSrc: ["'self'", 'data:', 'blob:', remoteOrigins],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", remoteOrigins],
    fontSrc: ["'self'", remoteOrigins],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** A year, subdomains too: helmet's default, sent only where it means something. */
const HSTS = 'max-age=31536000; includeSubDomains';

export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), geolocation=(), payment=()';

export async function registerSecurityHeaders(app: FastifyInstance, remotes: RemoteLocationsSource): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(remotes) },
    // The camera and microphone are used by this origin only; nothing else on the page may ask.
    crossOriginEmbedderPolicy: false,
    // One frame policy: the CSP's frame-ancestors 'none'. X-Frame-Options would say SAMEORIGIN.
    xFrameOptions: false,
    // Only over HTTPS (below): over plain HTTP the header means nothing and says what is not so.
    strictTransportSecurity: false,
  });
  // On the raw response, so the responses that bypass Fastify's reply (tus) carry it too; and on
  // the reply, for the few that Fastify answers before any hook has run (a malformed URL).
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // The protocol the browser used: behind a trusted proxy (TRUST_PROXY), its X-Forwarded-Proto.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
