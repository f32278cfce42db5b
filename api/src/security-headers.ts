import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { RemoteOrigins } from './remote-locations.ts';

/**
 * A strict policy: no inline script or style anywhere, so an injected string can never run.
 * `blob:` in media-src and img-src is for the recording preview and pasted images. Remotes
 * served from another origin (a team's host, a CDN) are allowed by exactly the origins any kept
 * release may be served from (`remoteOrigins`, space-separated, or empty: `releases/live-releases.ts`).
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
 * Helmet's middleware for a set of remote origins. Helmet works its options out when its
 * middleware is made, so it is made once for each set, not once per response as @fastify/helmet
 * makes it: 8% of the API's event loop under a crowd's autosaves (`bench/README.md`).
 */
function helmetFor(origins: string) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(origins) },
    // The camera and microphone are used by this origin only; nothing else on the page may ask.
    crossOriginEmbedderPolicy: false,
    // One frame policy: the CSP's frame-ancestors 'none'. X-Frame-Options would say SAMEORIGIN.
    xFrameOptions: false,
    // Only over HTTPS (below): over plain HTTP the header means nothing and says what is not so.
    strictTransportSecurity: false,
  });
}

/** Helmet's middleware for the remotes' origins of the moment, made again when they change. */
function followingRemotes(remotes: RemoteOrigins) {
  let made: { origins: string; middleware: ReturnType<typeof helmet> } | undefined;
  return () => {
    const origins = remotes.foreignOrigins().join(' ');
    if (made?.origins !== origins) made = { origins, middleware: helmetFor(origins) };
    return made.middleware;
  };
}

/**
 * An API response is never a page that loads a remote, so its policy names no remote origin, and
 * no request under `/api/` works them out: 10% of the event loop under `pnpm bench api`'s feedback
 * load (`bench/README.md`). Pages, `/remotes/` and `/assets/` follow the releases, so a release
 * takes effect at the next page.
 */
const API_PREFIX = '/api/';

export function registerSecurityHeaders(app: FastifyInstance, remotes: RemoteOrigins): void {
  const pageHeaders = followingRemotes(remotes);
  const apiHeaders = helmetFor('');
  // On the raw response, so the responses that bypass Fastify's reply (tus) carry them too; and on
  // the reply, for the few that Fastify answers before any hook has run (a malformed URL).
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    const headers = request.url.startsWith(API_PREFIX) ? apiHeaders : pageHeaders();
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // The protocol the browser used: behind a trusted proxy (TRUST_PROXY), its X-Forwarded-Proto.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
