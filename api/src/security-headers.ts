import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { RemoteLocationsSource } from './remote-locations.ts';

/**
 * A strict policy: no inline script or style anywhere, so an injected string can never run.
 * `blob:` in media-src and img-src is for the recording preview and pasted images. Remotes
 * published on another origin (a CDN) are allowed by exactly their origins from remotes.json
 * (`remoteOrigins`, space-separated, or empty).
 */
export function contentSecurityPolicy(remoteOrigins: string) {
  const withRemotes = (...sources: string[]) => (remoteOrigins ? [...sources, remoteOrigins] : sources);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: withRemotes("'self'"),
    styleSrc: withRemotes("'self'"),
    imgSrc: withRemotes("'self'", 'data:', 'blob:'),
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: withRemotes("'self'"),
    fontSrc: withRemotes("'self'"),
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

/**
 * Helmet's headers for the remotes' origins of the moment. Helmet works its options out when its
 * middleware is made, so it is made once for each set of origins, not once per response as
 * @fastify/helmet makes it: 8% of the API's event loop under a crowd's autosaves
 * (`bench/README.md`).
 */
function helmetFor(remotes: RemoteLocationsSource) {
  let made: { origins: string; middleware: ReturnType<typeof helmet> } | undefined;
  return () => {
    const origins = remotes.foreignOrigins().join(' ');
    if (made?.origins !== origins) {
      const middleware = helmet({
        contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(origins) },
        // The camera and microphone are used by this origin only; nothing else on the page may ask.
        crossOriginEmbedderPolicy: false,
        // One frame policy: the CSP's frame-ancestors 'none'. X-Frame-Options would say SAMEORIGIN.
        xFrameOptions: false,
        // Only over HTTPS (below): over plain HTTP the header means nothing and says what is not so.
        strictTransportSecurity: false,
      });
      made = { origins, middleware };
    }
    return made.middleware;
  };
}

export function registerSecurityHeaders(app: FastifyInstance, remotes: RemoteLocationsSource): void {
  const headers = helmetFor(remotes);
  // On the raw response, so the responses that bypass Fastify's reply (tus) carry them too; and on
  // the reply, for the few that Fastify answers before any hook has run (a malformed URL).
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    headers()(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // The protocol the browser used: behind a trusted proxy (TRUST_PROXY), its X-Forwarded-Proto.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
